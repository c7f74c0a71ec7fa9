import type { Tenant } from '@canopy/portal-contract';
import type { Ref } from 'react';
import { SelectField } from '../../../shared/ui/field.tsx';

export interface TenantPickerProps {
  ref?: Ref<HTMLSelectElement>;
  tenants: readonly Tenant[];
  value: string;
  error?: string;
  loading: boolean;
  onChange: (tenantId: string) => void;
}

/**
 * The unscoped page's "Connect for tenant": a connection belongs to a tenant (its sync fills that
 * tenant's workspace), so the super admin chooses one before Connect.
 */
export function TenantPicker({ ref, tenants, value, error, loading, onChange }: TenantPickerProps) {
  return (
    <SelectField
      ref={ref}
      id="tenant-picker"
      fieldClassName="tenant-picker"
      label="Connect for tenant"
      hint="New connections belong to this tenant; cards show its status."
      error={error}
      value={value}
      disabled={loading}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{loading ? 'Loading tenants...' : 'Select Tenant'}</option>
      {tenants.map((tenant) => (
        <option key={tenant.id} value={tenant.id}>
          {tenant.name}
        </option>
      ))}
    </SelectField>
  );
}
