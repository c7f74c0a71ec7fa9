/** The forms' client-side checks, shown before anything is sent; the server checks again. */

/** "text, @, text, dot, text": deliberately simple; the server does the strict check. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_MIN_LENGTH = 8;

export const isEmail = (value: string) => SIMPLE_EMAIL.test(value.trim());

export interface LoginErrors {
  email?: string;
  password?: string;
}

export function validateLogin(email: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!isEmail(email)) errors.email = 'Please enter a valid email address';
  if (password.length < PASSWORD_MIN_LENGTH)
    errors.password = 'Password must be at least 8 characters';
  return errors;
}

/**
 * Reset password: the first rule that fails, in this order: length, uppercase, digit, confirmation.
 */
export function validateNewPassword(password: string, confirmation: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'Must be at least 8 characters';
  if (!/[A-Z]/.test(password)) return 'Must contain an uppercase letter';
  if (!/[0-9]/.test(password)) return 'Must contain a number';
  if (password !== confirmation) return "Passwords don't match";
  return null;
}

export interface TenantFormErrors {
  name?: string;
  adminEmail?: string;
}

export function validateTenant(name: string, adminEmail: string): TenantFormErrors {
  const errors: TenantFormErrors = {};
  if (!name.trim()) errors.name = 'Organization name is required';
  if (!adminEmail.trim()) errors.adminEmail = 'Admin email is required';
  else if (!isEmail(adminEmail)) errors.adminEmail = 'Please enter a valid email address';
  return errors;
}
