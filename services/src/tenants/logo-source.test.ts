import { describe, expect, it } from 'vitest';
import { logoAfterEdit } from './logo-source';

const FILE = '0b1f6a52-7c7e-4d3b-9a43-6f0f3b1c2d11';
const uploaded = { logoFileId: FILE, logoUrl: null };

describe('logo after an edit', () => {
  it('keeps the logo when the field is absent or is the link the server served for it', () => {
    expect(logoAfterEdit(undefined, uploaded)).toEqual(uploaded);
    expect(logoAfterEdit(`/api/files/${FILE}?exp=1999999999&sig=abc`, uploaded)).toEqual(uploaded);
    expect(logoAfterEdit(`http://localhost:3000/api/files/${FILE}?exp=1&sig=x`, uploaded)).toEqual(uploaded);
  });

  it('removes the logo for an empty string or null', () => {
    expect(logoAfterEdit('', uploaded)).toEqual({ logoFileId: null, logoUrl: null });
    expect(logoAfterEdit('  ', uploaded)).toEqual({ logoFileId: null, logoUrl: null });
    expect(logoAfterEdit(null, uploaded)).toEqual({ logoFileId: null, logoUrl: null });
  });

  it('replaces an uploaded logo with an external https URL', () => {
    expect(logoAfterEdit('https://cdn.example.com/logo.png', uploaded)).toEqual({ logoFileId: null, logoUrl: 'https://cdn.example.com/logo.png' });
  });

  it('refuses plain http, other schemes and links to files that are not this logo', () => {
    for (const url of ['http://cdn.example.com/logo.png', 'javascript:alert(1)', `/api/files/${'1'.repeat(8)}-1111-1111-1111-111111111111?sig=x`]) {
      expect(() => logoAfterEdit(url, uploaded)).toThrow('Logo URL must start with https://');
    }
  });
});
