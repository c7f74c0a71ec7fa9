import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../shared/forms/check-form.ts';
import { EMPTY_TENANT_FORM, TenantFormSchema } from './tenant-form-state.ts';

const tenantErrors = (name: string, adminEmail: string) => {
  const checked = checkForm(TenantFormSchema, { ...EMPTY_TENANT_FORM, name, adminEmail });
  return checked.ok ? {} : checked.errors;
};

describe('tenant validation', () => {
  it('should require a name and an admin email in email format', () => {
    expect(tenantErrors(' ', '')).toEqual({
      name: 'Organization name is required',
      adminEmail: 'Admin email is required',
    });
    expect(tenantErrors('Acme', 'nope').adminEmail).toBe('Please enter a valid email address');
    expect(tenantErrors('Acme', 'it@acme.com')).toEqual({});
  });
});
