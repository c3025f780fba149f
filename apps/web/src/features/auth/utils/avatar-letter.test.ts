import { describe, expect, it } from 'vitest';
import { avatarLetter } from './avatar-letter';

describe('avatarLetter', () => {
  it('uses the first letter of the full name', () => {
    expect(avatarLetter({ fullName: 'ángela Soto', email: 'zeta@rondin.test' })).toBe('Á');
  });

  it('falls back to the email, then to U', () => {
    expect(avatarLetter({ fullName: '   ', email: 'pedro@rondin.test' })).toBe('P');
    expect(avatarLetter({ fullName: '', email: '' })).toBe('U');
    expect(avatarLetter(null)).toBe('U');
  });
});
