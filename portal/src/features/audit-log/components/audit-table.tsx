import type { AuditEvent } from '@canopy/portal-contract';
import { DataTable, type Column, type TableState } from '../../../shared/ui/data-table.tsx';
import { actionLabel, localTime, relativeTime } from '../rules/audit-log.ts';

const none = <span className="audit-table__none">—</span>;

/** "5 minutes ago" is counted from `now`, when the page of events was loaded. */
const columns = (now: number): Column<AuditEvent>[] => [
  {
    header: 'When',
    className: 'audit-table__nowrap',
    cell: (event) => (
      <time dateTime={event.at} title={relativeTime(event.at, now)}>
        {localTime(event.at)}
      </time>
    ),
  },
  { header: 'Who', cell: (event) => <Who event={event} /> },
  {
    header: 'Tenant',
    cell: (event) =>
      event.tenantName ??
      (event.tenantId ? (
        <span className="audit-table__stack">
          <span className="audit-table__none">Deleted tenant</span>
          <code className="audit-table__code">{event.tenantId}</code>
        </span>
      ) : (
        none
      )),
  },
  {
    header: 'Action',
    cell: (event) => (
      <span className="audit-table__stack">
        <span>{actionLabel(event.action)}</span>
        <code className="audit-table__code">{event.action}</code>
      </span>
    ),
  },
  {
    header: 'Target',
    cell: (event) => (
      <span className="audit-table__stack">
        {event.target ? <code className="audit-table__code">{event.target}</code> : none}
        {event.details && (
          <details className="audit-details">
            <summary>Details</summary>
            <pre>{JSON.stringify(event.details, null, 2)}</pre>
          </details>
        )}
      </span>
    ),
  },
  {
    header: 'From',
    className: 'audit-table__nowrap',
    cell: (event) => (event.ip ? <code className="audit-table__code">{event.ip}</code> : none),
  },
];

/**
 * The events, newest first: when, who, tenant, action, target (details on demand) and from where.
 * One of skeleton, error, empty state or rows; on phones each row is a card (table--stack).
 */
export function AuditTable(props: {
  events: AuditEvent[];
  state: TableState;
  empty: { title: string; text: string };
  skeletonRows: number;
  now: number;
}) {
  return (
    <DataTable
      caption="Audit events, newest first"
      className="table--stack audit-table"
      columns={columns(props.now)}
      rows={props.events}
      rowKey={(event) => event.id}
      state={props.state}
      empty={props.empty}
      skeletonRows={props.skeletonRows}
    />
  );
}

/** The person's name and the email they acted as; a dash when nobody known acted (a scheduled sync). */
function Who({ event }: { event: AuditEvent }) {
  if (!event.actorEmail && !event.actorId) return none;
  return (
    <span className="audit-table__stack">
      {event.actorName && <span>{event.actorName}</span>}
      <span className={event.actorName ? 'audit-table__muted' : undefined}>
        {event.actorEmail ?? event.actorId}
      </span>
    </span>
  );
}
