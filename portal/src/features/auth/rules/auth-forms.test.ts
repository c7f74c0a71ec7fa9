import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../shared/forms/check-form.ts';
import { ForgotPasswordForm, LoginForm, ResetPasswordForm } from './auth-forms.ts';

const loginErrors = (email: string, password: string) => {
  const checked = checkForm(LoginForm, { email, password, remember: false });
  return checked.ok ? {} : checked.errors;
};

/** The reset form's one message: the new password's first, else the confirmation's. */
const resetError = (newPassword: string, confirmation: string) => {
  const checked = checkForm(ResetPasswordForm, { newPassword, confirmation });
  return checked.ok ? null : (checked.errors.newPassword ?? checked.errors.confirmation);
};

describe('login validation', () => {
  it('should ask for text, @, text, dot, text', () => {
    expect(loginErrors('ann@example', 'long-enough').email).toBe(
      'Please enter a valid email address',
    );
    expect(loginErrors('ann example.com', 'long-enough').email).toBe(
      'Please enter a valid email address',
    );
    expect(loginErrors('ann@example.com', 'long-enough')).toEqual({});
  });

  it('should require at least 8 password characters', () => {
    expect(loginErrors('ann@example.com', '1234567').password).toBe(
      'Password must be at least 8 characters',
    );
    expect(loginErrors('ann@example.com', '12345678').password).toBeUndefined();
  });
});

describe('reset password validation order: length, uppercase, number, confirmation', () => {
  it('should report length first, even when every other rule fails too', () => {
    expect(resetError('abc', 'different')).toBe('Must be at least 8 characters');
  });

  it('should report the uppercase letter before the number', () => {
    expect(resetError('abcdefgh', 'x')).toBe('Must contain an uppercase letter');
  });

  it('should report the number before the confirmation', () => {
    expect(resetError('Abcdefgh', 'x')).toBe('Must contain a number');
  });

  it('should report a confirmation mismatch last', () => {
    expect(resetError('Abcdefg1', 'Abcdefg2')).toBe("Passwords don't match");
    expect(resetError('Abcdefg1', 'Abcdefg1')).toBeNull();
  });

  it('should say one thing at a time: no mismatch while the password itself fails', () => {
    const checked = checkForm(ResetPasswordForm, { newPassword: 'abc', confirmation: 'x' });
    expect(checked.ok ? {} : checked.errors).toEqual({
      newPassword: 'Must be at least 8 characters',
    });
  });
});

describe('forgot password validation', () => {
  it('should ask for an address first, then one the server takes', () => {
    const emailError = (email: string) => {
      const checked = checkForm(ForgotPasswordForm, { email });
      return checked.ok ? undefined : checked.errors.email;
    };
    expect(emailError('  ')).toBe('Email is required');
    expect(emailError('ann@')).toBe('Please enter a valid email address');
    expect(emailError(' ann@acme.test ')).toBeUndefined();
  });
});
