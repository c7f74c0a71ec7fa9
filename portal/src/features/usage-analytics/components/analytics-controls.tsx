import { ANALYTICS_PERIODS, type AnalyticsPeriod, type Tenant } from '@canopy/portal-contract';
import { SelectField } from '../../../shared/ui/field.tsx';
import { DEFAULT_PERIOD } from '../rules/analytics-rules.ts';

/**
 * The period switch (7, 30 or 90 days; the default is left out of the URL) and, for super admins,
 * the tenant filter. `tenants` is undefined for others, who see their own tenant only.
 */
export function AnalyticsControls(props: {
  days: AnalyticsPeriod;
  onPeriod: (period: AnalyticsPeriod | null) => void;
  superAdmin: boolean;
  tenantId: string | null;
  tenants: readonly Tenant[] | undefined;
  onTenant: (tenantId: string | null) => void;
}) {
  return (
    <div className="list-controls analytics-controls">
      <div className="period-switch" role="group" aria-label="Period">
        {ANALYTICS_PERIODS.map((period: AnalyticsPeriod) => (
          <button
            key={period}
            type="button"
            className="period-switch__option"
            aria-pressed={period === props.days}
            onClick={() => props.onPeriod(period === DEFAULT_PERIOD ? null : period)}
          >
            {period} days
          </button>
        ))}
      </div>
      {props.superAdmin && (
        <SelectField
          label="Tenant"
          value={props.tenantId ?? ''}
          onChange={(event) => props.onTenant(event.target.value || null)}
        >
          <option value="">All tenants</option>
          {(props.tenants ?? []).map((tenant) => (
            <option key={tenant.id} value={tenant.id}>
              {tenant.name}
            </option>
          ))}
        </SelectField>
      )}
    </div>
  );
}
