import type { Tenant } from '@canopy/portal-contract';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { actionChoices, actionGroups, actionLabel, type AuditView } from '../rules/audit-log.ts';

/**
 * The audit log's filters: tenant, person, action (grouped by family, each family selectable as a
 * whole) and a range of days. `tenants` and `actions` are undefined while they load.
 */
export function AuditFilterBar(props: {
  view: AuditView;
  tenants: readonly Tenant[] | undefined;
  actions: readonly string[] | undefined;
  invalidRange: string | null;
  onChange: (change: Partial<AuditView>) => void;
}) {
  const { view, tenants, onChange } = props;
  return (
    <div className="list-controls" role="search" aria-label="Filter the audit log">
      <SelectField
        label="Tenant"
        value={view.tenantId}
        onChange={(event) => onChange({ tenantId: event.target.value })}
      >
        <option value="">All tenants</option>
        {(tenants ?? []).map((tenant) => (
          <option key={tenant.id} value={tenant.id}>
            {tenant.name}
          </option>
        ))}
        {/* A link may name a tenant that has since been deleted: its events are still here. */}
        {view.tenantId && tenants && !tenants.some((t) => t.id === view.tenantId) && (
          <option value={view.tenantId}>Deleted tenant ({view.tenantId.slice(0, 8)})</option>
        )}
      </SelectField>
      <SearchField
        label="Person"
        placeholder="Email or person id..."
        value={view.person}
        onSearch={(text) => onChange({ person: text })}
      />
      <SelectField
        label="Action"
        value={view.action}
        onChange={(event) => onChange({ action: event.target.value })}
      >
        <option value="">All actions</option>
        {actionGroups(actionChoices(props.actions ?? [], view.action)).map((group) => (
          <optgroup key={group.family} label={group.family}>
            <option value={group.all}>Every {group.family} action</option>
            {group.actions.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)} ({action})
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
      <TextField
        label="From"
        type="date"
        value={view.from}
        max={view.to || undefined}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField
        label="To"
        type="date"
        value={view.to}
        min={view.from || undefined}
        error={props.invalidRange ?? undefined}
        onChange={(event) => onChange({ to: event.target.value })}
      />
    </div>
  );
}
