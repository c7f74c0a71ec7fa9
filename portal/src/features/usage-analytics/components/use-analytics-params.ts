import { useSearchParams } from 'react-router';
import { readPeriod, TENANT_PARAM, withChoice } from '../rules/analytics-rules.ts';

/**
 * The period and (for super admins only) the tenant the analytics screen shows, kept in the URL.
 * A choice replaces the history entry.
 */
export function useAnalyticsParams(superAdmin: boolean) {
  const [params, setParams] = useSearchParams();
  const choose = (name: Parameters<typeof withChoice>[1], value: string | null) =>
    setParams((current) => withChoice(current, name, value), { replace: true });
  return {
    days: readPeriod(params),
    tenantId: superAdmin ? params.get(TENANT_PARAM) : null,
    choose,
  };
}
