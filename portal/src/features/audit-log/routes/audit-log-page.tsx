import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { tenantsQuery } from '../../../shared/api/tenants-query.ts';
import { Badge, Card, EmptyState, PageHeader } from '../../../shared/ui/bits.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { auditActionsQuery, auditPageQuery } from '../api/audit-api.ts';
import { AuditFilterBar } from '../components/audit-filter-bar.tsx';
import { AuditPager } from '../components/audit-pager.tsx';
import { AuditTable } from '../components/audit-table.tsx';
import { useAuditExport } from '../components/use-audit-export.ts';
import { useAuditView } from '../components/use-audit-view.ts';
import { AUDIT_PAGE_SIZE, eventsHeading, isFiltered } from '../rules/audit-log.ts';
import '../audit-log.css';

const LOAD_FAILED = 'Failed to load the audit log';

/**
 * The audit log (super administrators): every recorded event, newest first, paged by the server's
 * cursors. The filters and the page are in the URL, so a reload or a shared link shows the same
 * view; a new filter goes back to the newest page. The count stops at "more than 10,000". Export
 * CSV downloads every page of the filtered view.
 */
export default function AuditLogPage() {
  const { view, invalidRange, update } = useAuditView();
  const events = useQuery({ ...auditPageQuery(view), enabled: !invalidRange });
  const actions = useQuery(auditActionsQuery());
  const tenants = useQuery(tenantsQuery());
  const { exporting, exportCsv } = useAuditExport();

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
            onClick={() => void exportCsv(view)}
          >
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />
      <Card>
        <AuditFilterBar
          view={view}
          tenants={tenants.data}
          actions={actions.data}
          invalidRange={invalidRange}
          onChange={update}
        />
        <div className="toolbar">
          <h2 className="card__title">{eventsHeading(invalidRange ? undefined : events.data)}</h2>
        </div>
        {invalidRange ? (
          <EmptyState title="No events" text="Choose a start date on or before the end date." />
        ) : (
          <>
            <AuditTable
              events={events.data?.events ?? []}
              state={
                events.isError
                  ? { status: 'error', message: errorMessage(events.error, LOAD_FAILED) }
                  : { status: events.isPending ? 'loading' : 'ready' }
              }
              empty={{
                title: 'No events found',
                text: isFiltered(view)
                  ? 'No recorded event matches these filters.'
                  : 'Changes and sign-ins appear here as they happen.',
              }}
              skeletonRows={AUDIT_PAGE_SIZE}
              now={events.dataUpdatedAt}
            />
            {!events.isError && events.data && (events.data.older || events.data.newer) && (
              <AuditPager page={events.data} onPosition={(position) => update({ position })} />
            )}
          </>
        )}
      </Card>
    </>
  );
}
