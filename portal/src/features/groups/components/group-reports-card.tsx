import type { AccessMatrix, GroupDetail } from '@canopy/portal-contract';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { Card, EmptyState } from '../../../shared/ui/bits.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { SelectField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useGroupMutations } from '../api/groups-api.ts';
import { reportsToGrant } from '../rules/group-detail.ts';

type Report = AccessMatrix['reports'][number];

export interface GroupReportsCardProps {
  tenantId: string;
  group: GroupDetail;
  /** The tenant's synchronised reports, to choose from. */
  reports: readonly Report[];
}

/** "Reports (n)": grant one of the tenant's reports to the group; revoke a granted one. */
export function GroupReportsCard({ tenantId, group, reports }: GroupReportsCardProps) {
  const { grant } = useGroupMutations(tenantId);
  const [chosen, setChosen] = useState('');
  const candidates = reportsToGrant(reports, group.reports);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const report = candidates.find((r) => r.id === chosen);
    if (!report) return toast.error('Choose a report to grant');
    grant.mutate(
      { groupId: group.id, reportId: report.id, grant: true },
      {
        onSuccess: () => {
          toast.success('Access granted successfully');
          setChosen('');
        },
        onError: (failure) => toast.error(errorMessage(failure, 'Failed to update permissions')),
      },
    );
  };
  const revoke = (report: { id: string; name: string }) =>
    grant.mutate(
      { groupId: group.id, reportId: report.id, grant: false },
      {
        onSuccess: () => toast.success('Access removed successfully'),
        onError: (failure) => toast.error(errorMessage(failure, 'Failed to update permissions')),
      },
    );

  return (
    <Card title={`Reports (${group.reports.length})`}>
      <form className="group-add" onSubmit={add} noValidate>
        <SelectField label="Report" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Choose a report…</option>
          {candidates.map((report) => (
            <option key={report.id} value={report.id}>
              {report.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={grant.isPending || !chosen}>
          Grant Report
        </Button>
      </form>
      {group.reports.length === 0 ? (
        <EmptyState title="No reports yet" text="Grant a report above; every member can open it." />
      ) : (
        <ul className="group-items" aria-label="Reports">
          {group.reports.map((report) => (
            <li key={report.id} className="group-items__row">
              <span className="group-items__name">{report.name}</span>
              <Button
                variant="ghost-danger"
                size="sm"
                aria-label={`Revoke ${report.name}`}
                disabled={grant.isPending}
                onClick={() => revoke(report)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
