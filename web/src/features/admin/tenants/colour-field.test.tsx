// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ColourField } from './colour-field';
import { renderTenants, tenant } from './tenant-test-kit';

afterEach(cleanup);

function Field({ start }: { start: string }) {
  const [value, setValue] = useState(start);
  return <ColourField value={value} onChange={setValue} />;
}

const preview = () => screen.getByRole('figure', { name: "Preview of the brand's colours" });
const variable = (name: string) => preview().style.getPropertyValue(name);

describe('The brand colour field', () => {
  it('previews a button, a link, a badge and the active menu item in the theme the pages will use', () => {
    render(<Field start="#1c3d7a" />);
    const shown = within(preview());
    for (const text of ['Buy USDT', 'View order', 'New', 'Dashboard', 'Forgot password?']) expect(shown.getByText(text)).toBeTruthy();
    expect(shown.getByText('Buy USDT').className).toBe('btn');
    expect([variable('--brand-fill'), variable('--brand-on-fill'), variable('--brand-text')]).toEqual(['#1c3d7a', '#ffffff', '#1c3d7a']);
    // A colour that reads everywhere as chosen: nothing to warn about.
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByLabelText('Primary colour').getAttribute('aria-describedby')).not.toMatch(/warning/);
  });

  it('warns in plain words, naming the colour used, when Sunrise orange had to be darkened for its links', async () => {
    render(<Field start="#1c3d7a" />);
    const text = screen.getByLabelText('Primary colour');
    await userEvent.clear(text);
    await userEvent.type(text, '#e8590c');
    expect(screen.getByRole('status').textContent).toBe(
      '#e8590c is not readable enough everywhere on its own, so links and brand-coloured text will use #c43600. These are the nearest shades that meet the accessibility contrast standard (WCAG AA).',
    );
    // The button keeps the orange, with dark text on it; the links take the darker shade.
    expect([variable('--brand-fill'), variable('--brand-on-fill'), variable('--brand-text')]).toEqual(['#e8590c', '#111827', '#c43600']);
    const warningId = screen.getByText(/is not readable enough/).id;
    expect(text.getAttribute('aria-describedby')?.split(' ')).toContain(warningId);
  });

  it('names every use it adjusted for a light yellow, and keeps the last whole colour while one is half typed', async () => {
    render(<Field start="#ffd43b" />);
    expect(screen.getByRole('status').textContent).toMatch(
      /^#ffd43b is not readable enough everywhere on its own, so links and brand-coloured text will use #876900 and the keyboard focus outline will use #ad8800\./,
    );
    const text = screen.getByLabelText('Primary colour');
    await userEvent.clear(text);
    await userEvent.type(text, '#11');
    expect(variable('--brand')).toBe('#0d6efd');
    await userEvent.type(text, '1111');
    expect(variable('--brand')).toBe('#111111');
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('The new tenant form', () => {
  it('previews the default colour and warns, naming the shades, once a light colour is picked', async () => {
    renderTenants('/admin/tenants', { 'GET /api/admin/tenants': { tenants: [tenant()], total: 1 } });
    await userEvent.click(await screen.findByRole('button', { name: '+ New Tenant' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New Tenant' }));
    const shown = dialog.getByRole('figure', { name: "Preview of the brand's colours" });
    expect(shown.style.getPropertyValue('--brand')).toBe('#0d6efd');
    fireEvent.input(dialog.getByLabelText('Primary colour picker'), { target: { value: '#ffd43b' } });
    expect(shown.style.getPropertyValue('--brand-text')).toBe('#876900');
    expect(dialog.getByRole('status').textContent).toMatch(
      /^#ffd43b is not readable enough everywhere on its own, so links and brand-coloured text will use #876900/,
    );
  });
});

describe('The tenant edit form', () => {
  it('shows the stored colour’s preview and warns as the operator picks a colour that needs adjusting', async () => {
    renderTenants('/admin/tenants/t-1/edit', { 'GET /api/admin/tenants/t-1': tenant({ primaryColor: '#123456' }) });
    const text = await screen.findByLabelText('Primary colour');
    expect(variable('--brand-text')).toBe('#123456');
    await userEvent.clear(text);
    await userEvent.type(text, '#ffd43b');
    expect(screen.getByRole('status').textContent).toMatch(/^#ffd43b is not readable enough everywhere/);
  });
});
