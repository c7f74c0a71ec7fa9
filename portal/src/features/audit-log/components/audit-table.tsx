import type { AuditEvent } from '@canopy/portal-contract';
import { SkeletonRows } from '../../../shared/ui/bits.tsx';
import { actionLabel, localTime, relativeTime } from '../rules/audit-log.ts';

/**
 * The events, newest first: when, who, tenant, action, target, from where, and the details on
 * demand. On phones each row is a card (table--stack), every cell labelled.
 */
export function AuditTable({
  events,
  loading,
  skeletonRows,
  now,
}: {
  events: AuditEvent[];
  loading: boolean;
  skeletonRows: number;
  /** When the events were loaded: "5 minutes ago" is counted from there. */
  now: number;
}) {
  return (
    <div className="table-wrap">
      <table className="table table--stack audit-table">
        <caption className="visually-hidden">Audit events, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">Tenant</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody aria-busy={loading}>
          {loading ? (
            <SkeletonRows rows={skeletonRows} columns={6} />
          ) : (
            events.map((event) => (
              <tr key={event.id}>
                <td data-label="When">
                  <time dateTime={event.at} title={relativeTime(event.at, now)}>
                    {localTime(event.at)}
                  </time>
                </td>
                <td data-label="Who">
                  <Who event={event} />
                </td>
                <td data-label="Tenant">
                  {event.tenantName ??
                    (event.tenantId ? (
                      <span className="audit-table__stack">
                        <span className="audit-table__none">Deleted tenant</span>
                        <code className="audit-table__code">{event.tenantId}</code>
                      </span>
                    ) : (
                      <span className="audit-table__none">—</span>
                    ))}
                </td>
                <td data-label="Action">
                  <span className="audit-table__stack">
                    <span>{actionLabel(event.action)}</span>
                    <code className="audit-table__code">{event.action}</code>
                  </span>
                </td>
                <td data-label="Target">
                  <span className="audit-table__stack">
                    {event.target ? (
                      <code className="audit-table__code">{event.target}</code>
                    ) : (
                      <span className="audit-table__none">—</span>
                    )}
                    {event.details && (
                      <details className="audit-details">
                        <summary>Details</summary>
                        <pre>{JSON.stringify(event.details, null, 2)}</pre>
                      </details>
                    )}
                  </span>
                </td>
                <td data-label="From">
                  {event.ip ? (
                    <code className="audit-table__code">{event.ip}</code>
                  ) : (
                    <span className="audit-table__none">—</span>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The person's name and the email they acted as; a dash when nobody known acted (a scheduled sync). */
function Who({ event }: { event: AuditEvent }) {
  if (!event.actorEmail && !event.actorId) return <span className="audit-table__none">—</span>;
  return (
    <span className="audit-table__stack">
      {event.actorName && <span>{event.actorName}</span>}
      <span className={event.actorName ? 'audit-table__muted' : undefined}>
        {event.actorEmail ?? event.actorId}
      </span>
    </span>
  );
}
