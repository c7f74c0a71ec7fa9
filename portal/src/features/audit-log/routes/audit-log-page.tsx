import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { tenantsQuery } from '../../../shared/api/tenants-query.ts';
import { pageCount } from '../../../shared/rules/pagination.ts';
import { Badge, Card, EmptyState, PageHeader } from '../../../shared/ui/bits.tsx';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { Pagination } from '../../../shared/ui/pagination.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { auditActionsQuery, auditPageQuery, downloadAuditCsv } from '../api/audit-api.ts';
import { AuditTable } from '../components/audit-table.tsx';
import {
  AUDIT_PAGE_SIZE,
  actionGroups,
  actionLabel,
  rangeError,
  readAuditView,
  writeAuditView,
  type AuditView,
} from '../rules/audit-log.ts';
import { Button } from '../../../shared/ui/button.tsx';
import '../audit-log.css';

/**
 * The audit log (super administrators): every recorded event, newest first, paged by the server.
 * The filters and the page are in the URL, so a reload or a shared link shows the same view; a
 * new filter goes back to page 1. Export CSV downloads every page of the filtered view.
 */
export default function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const view = readAuditView(params);
  const invalidRange = rangeError(view);
  const events = useQuery({ ...auditPageQuery(view), enabled: !invalidRange });
  const actions = useQuery(auditActionsQuery());
  const tenants = useQuery(tenantsQuery());
  const [exporting, setExporting] = useState(false);

  const update = (change: Partial<AuditView>) =>
    setParams(
      (current) => writeAuditView(current, { ...readAuditView(current), page: 1, ...change }),
      {
        replace: change.page === undefined,
      },
    );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(view);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to export the audit log'));
    } finally {
      setExporting(false);
    }
  };

  const total = events.data?.total ?? 0;
  const pages = pageCount(total, AUDIT_PAGE_SIZE);
  const filtered = Boolean(
    view.tenantId || view.person.trim() || view.action || view.from || view.to,
  );
  const knownActions = [
    ...new Set([
      ...(actions.data ?? []),
      ...(view.action.endsWith('.') || !view.action ? [] : [view.action]),
    ]),
  ].sort();

  return (
    <>
      <PageHeader
        title="Audit Log"
        subtitle="Who changed what, in which tenant, from where, and when."
        badge={<Badge tone="primary">Super Admin</Badge>}
        actions={
          <Button
            variant="secondary"
            disabled={exporting || !!invalidRange}
            onClick={() => void exportCsv()}
          >
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />
      <Card>
        <div className="list-controls" role="search" aria-label="Filter the audit log">
          <SelectField
            label="Tenant"
            value={view.tenantId}
            onChange={(event) => update({ tenantId: event.target.value })}
          >
            <option value="">All tenants</option>
            {(tenants.data ?? []).map((tenant) => (
              <option key={tenant.id} value={tenant.id}>
                {tenant.name}
              </option>
            ))}
            {/* A link may name a tenant that has since been deleted: its events are still here. */}
            {view.tenantId && tenants.data && !tenants.data.some((t) => t.id === view.tenantId) && (
              <option value={view.tenantId}>Deleted tenant ({view.tenantId.slice(0, 8)})</option>
            )}
          </SelectField>
          <div className="list-controls__search">
            <TextField
              label="Person"
              type="search"
              placeholder="Email or person id..."
              value={view.person}
              onChange={(event) => update({ person: event.target.value })}
            />
          </div>
          <SelectField
            label="Action"
            value={view.action}
            onChange={(event) => update({ action: event.target.value })}
          >
            <option value="">All actions</option>
            {actionGroups(knownActions).map((group) => (
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
            onChange={(event) => update({ from: event.target.value })}
          />
          <TextField
            label="To"
            type="date"
            value={view.to}
            min={view.from || undefined}
            error={invalidRange ?? undefined}
            onChange={(event) => update({ to: event.target.value })}
          />
        </div>
        <div className="toolbar">
          <h2 className="card__title">
            Events{events.data && !invalidRange ? ` (${events.data.total})` : ''}
          </h2>
        </div>
        {invalidRange ? (
          <EmptyState title="No events" text="Choose a start date on or before the end date." />
        ) : (
          <>
            <AuditTable
              events={events.data?.events ?? []}
              state={
                events.isError
                  ? {
                      status: 'error',
                      message: errorMessage(events.error, 'Failed to load the audit log'),
                    }
                  : events.isPending
                    ? { status: 'loading' }
                    : { status: 'ready' }
              }
              empty={{
                title: 'No events found',
                text: filtered
                  ? 'No recorded event matches these filters.'
                  : 'Changes and sign-ins appear here as they happen.',
              }}
              skeletonRows={AUDIT_PAGE_SIZE}
              now={events.dataUpdatedAt}
            />
            {!events.isError && pages > 1 && (
              <Pagination
                label="Audit log pages"
                showPageOf
                page={Math.min(view.page, pages)}
                pages={pages}
                size={AUDIT_PAGE_SIZE}
                total={total}
                onPage={(page) => update({ page })}
              />
            )}
          </>
        )}
      </Card>
    </>
  );
}
