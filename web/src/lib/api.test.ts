import { describe, expect, it } from 'vitest';
import { errorText } from './api';

describe('error texts', () => {
  it('shows validation details as the screens do', () => {
    expect(
      errorText(
        {
          error: 'validation_error',
          details: [
            { path: 'a', message: 'Enter INR amount' },
            { path: 'b', message: 'Please select a network' },
          ],
        },
        400,
      ),
    ).toBe('Validation failed: Enter INR amount, Please select a network');
  });
  it("prefers the server's text, then a message for coded errors, then the fallback", () => {
    expect(errorText({ error: 'Phone number already exists' }, 409)).toBe('Phone number already exists');
    expect(errorText({ error: 'invalid_otp', message: 'The code is wrong' }, 400)).toBe('The code is wrong');
    expect(errorText({}, 500, 'Failed to create order')).toBe('Failed to create order');
    expect(errorText(undefined, 0)).toBe('Network error. Please check your connection.');
    expect(errorText(undefined, 500)).toBe('Something went wrong');
  });
  it('says the network failed when no answer came, whatever the screen would say of a refusal (decision 0027)', () => {
    expect(errorText({}, 0, 'Invalid credentials')).toBe('Network error. Please check your connection.');
    expect(errorText({}, 0, 'invalid_otp')).toBe('Network error. Please check your connection.');
  });
});
