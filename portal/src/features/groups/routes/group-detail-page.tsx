import type { GroupDetail } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import {
  Badge,
  Card,
  EmptyState,
  ErrorCard,
  PageHeader,
  Spinner,
} from '../../../shared/ui/bits.tsx';
import { Button, ButtonLink } from '../../../shared/ui/button.tsx';
import { confirmAction } from '../../../shared/ui/confirm.tsx';
import { SelectField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { accessMatrixQuery, groupQuery, useGroupMutations } from '../api/groups-api.ts';
import { useGroupsTenant } from '../components/use-groups-tenant.ts';
import '../groups.css';

/**
 * /tenant/groups/:groupId (and the super admin's /admin/tenants/:tenantId/groups/:groupId): the
 * group's members and reports. Adding a person or a report takes effect at once; so does removing
 * one (the person's next report list or token request is refused).
 */
export default function GroupDetailPage() {
  const { tenantId, superAdmin, base } = useGroupsTenant();
  const { groupId = '' } = useParams();
  const group = useQuery({ ...groupQuery(tenantId, groupId), enabled: !!tenantId && !!groupId });
  // The tenant's people and synchronised reports, to choose from.
  const matrix = useQuery({ ...accessMatrixQuery(tenantId), enabled: !!tenantId });

  useErrorToast(group.isError, 'Failed to load group');

  const back = (
    <ButtonLink variant="secondary" to={`${base}/groups`}>
      Back to Groups
    </ButtonLink>
  );
  if (group.isError) {
    return (
      <>
        <PageHeader title="Group" actions={back} />
        <ErrorCard message={errorMessage(group.error, 'Failed to load group')} />
      </>
    );
  }
  if (!group.data) {
    return (
      <>
        <PageHeader title="Group" actions={back} />
        <Card>
          <Spinner label="Loading group" /> Loading group...
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={group.data.name}
        subtitle={
          group.data.description || 'A report granted to this group opens for all its members.'
        }
        badge={<Badge tone="primary">{superAdmin ? 'Super Admin' : 'Tenant Admin'}</Badge>}
        actions={back}
      />
      <div className="group-detail">
        <Members tenantId={tenantId} group={group.data} people={matrix.data?.people ?? []} />
        <Reports tenantId={tenantId} group={group.data} reports={matrix.data?.reports ?? []} />
      </div>
    </>
  );
}

interface PartProps {
  tenantId: string;
  group: GroupDetail;
}

function Members({
  tenantId,
  group,
  people,
}: PartProps & { people: { id: string; email: string; name: string | null }[] }) {
  const { member } = useGroupMutations(tenantId);
  const [chosen, setChosen] = useState('');
  const inGroup = new Set(group.members.map((m) => m.userId));
  const candidates = people.filter((person) => !inGroup.has(person.id));

  const add = (event: FormEvent) => {
    event.preventDefault();
    const person = candidates.find((p) => p.id === chosen);
    if (!person) return toast.error('Choose a person to add');
    member.mutate(
      { groupId: group.id, userId: person.id, add: true },
      {
        onSuccess: () => {
          toast.success(`${person.email} added to ${group.name}`);
          setChosen('');
        },
        onError: (failure) => toast.error(errorMessage(failure, 'Failed to add member')),
      },
    );
  };
  const removeMember = async (userId: string, email: string) => {
    const ok = await confirmAction(
      `Remove ${email} from ${group.name}? They lose the reports it gives at once.`,
      'Remove',
    );
    if (!ok) return;
    member.mutate(
      { groupId: group.id, userId, add: false },
      {
        onSuccess: () => toast.success(`${email} removed from ${group.name}`),
        onError: (failure) => toast.error(errorMessage(failure, 'Failed to remove member')),
      },
    );
  };

  return (
    <Card title={`Members (${group.members.length})`}>
      <form className="group-add" onSubmit={add} noValidate>
        <SelectField label="Person" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <option value="">Choose a person…</option>
          {candidates.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name ? `${person.name} (${person.email})` : person.email}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={member.isPending || !chosen}>
          Add Member
        </Button>
      </form>
      {group.members.length === 0 ? (
        <EmptyState title="No members yet" text="Add the tenant's people above." />
      ) : (
        <ul className="group-items" aria-label="Members">
          {group.members.map((m) => (
            <li key={m.userId} className="group-items__row">
              <span className="group-items__name">
                {[m.firstName, m.lastName].filter(Boolean).join(' ') || m.email}
                {(m.firstName || m.lastName) && <span className="muted"> {m.email}</span>}
              </span>
              <Button
                variant="ghost-danger"
                size="sm"
                aria-label={`Remove ${m.email}`}
                disabled={member.isPending}
                onClick={() => void removeMember(m.userId, m.email)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Reports({
  tenantId,
  group,
  reports,
}: PartProps & { reports: { id: string; name: string }[] }) {
  const { grant } = useGroupMutations(tenantId);
  const [chosen, setChosen] = useState('');
  const granted = new Set(group.reports.map((r) => r.id));
  const candidates = reports.filter((report) => !granted.has(report.id));

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
