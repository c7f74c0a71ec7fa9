import type { Tenant } from '@canopy/portal-contract';
import { forwardRef } from 'react';

/**
 * The unscoped page's "Connect for tenant": a connection belongs to a tenant (its sync fills that
 * tenant's workspace), so the super admin chooses one before Connect.
 */
export const TenantPicker = forwardRef<
  HTMLSelectElement,
  {
    tenants: readonly Tenant[];
    value: string;
    error?: string;
    loading: boolean;
    onChange: (tenantId: string) => void;
  }
>(function TenantPicker({ tenants, value, error, loading, onChange }, ref) {
  const hintId = 'tenant-picker-hint';
  return (
    <div className={`field tenant-picker${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor="tenant-picker">
        Connect for tenant
      </label>
      <select
        ref={ref}
        id="tenant-picker"
        className="input select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={hintId}
        disabled={loading}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{loading ? 'Loading tenants...' : 'Select Tenant'}</option>
        {tenants.map((tenant) => (
          <option key={tenant.id} value={tenant.id}>
            {tenant.name}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field__error" id={hintId} role="alert">
          {error}
        </p>
      ) : (
        <p className="field__hint" id={hintId}>
          New connections belong to this tenant; cards show its status.
        </p>
      )}
    </div>
  );
});
