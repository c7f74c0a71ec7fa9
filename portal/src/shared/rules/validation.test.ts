import { describe, expect, it } from 'vitest';
import { validateLogin, validateNewPassword, validateTenant } from './validation.ts';

describe('login validation', () => {
  it('should ask for text, @, text, dot, text', () => {
    expect(validateLogin('ann@example', 'long-enough').email).toBe(
      'Please enter a valid email address',
    );
    expect(validateLogin('ann example.com', 'long-enough').email).toBe(
      'Please enter a valid email address',
    );
    expect(validateLogin('ann@example.com', 'long-enough')).toEqual({});
  });

  it('should require at least 8 password characters', () => {
    expect(validateLogin('ann@example.com', '1234567').password).toBe(
      'Password must be at least 8 characters',
    );
    expect(validateLogin('ann@example.com', '12345678').password).toBeUndefined();
  });
});

describe('reset password validation order: length, uppercase, number, confirmation', () => {
  it('should report length first, even when every other rule fails too', () => {
    expect(validateNewPassword('abc', 'different')).toBe('Must be at least 8 characters');
  });

  it('should report the uppercase letter before the number', () => {
    expect(validateNewPassword('abcdefgh', 'x')).toBe('Must contain an uppercase letter');
  });

  it('should report the number before the confirmation', () => {
    expect(validateNewPassword('Abcdefgh', 'x')).toBe('Must contain a number');
  });

  it('should report a confirmation mismatch last', () => {
    expect(validateNewPassword('Abcdefg1', 'Abcdefg2')).toBe("Passwords don't match");
    expect(validateNewPassword('Abcdefg1', 'Abcdefg1')).toBeNull();
  });
});

describe('tenant validation', () => {
  it('should require a name and an admin email in email format', () => {
    expect(validateTenant(' ', '')).toEqual({
      name: 'Organization name is required',
      adminEmail: 'Admin email is required',
    });
    expect(validateTenant('Acme', 'nope').adminEmail).toBe('Please enter a valid email address');
    expect(validateTenant('Acme', 'it@acme.com')).toEqual({});
  });
});
