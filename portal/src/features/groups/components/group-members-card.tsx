import type { AccessMatrix, GroupDetail } from '@canopy/portal-contract';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { Card, EmptyState } from '../../../shared/ui/bits.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { confirmAction } from '../../../shared/ui/confirm.tsx';
import { SelectField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useGroupMutations } from '../api/groups-api.ts';
import { memberName, peopleToAdd, personChoice } from '../rules/group-detail.ts';

export interface GroupMembersCardProps {
  tenantId: string;
  group: GroupDetail;
  /** The tenant's people, to choose from. */
  people: readonly AccessMatrix['people'][number][];
}

/** "Members (n)": add one of the tenant's people; remove a member after a confirmation. */
export function GroupMembersCard({ tenantId, group, people }: GroupMembersCardProps) {
  const { member } = useGroupMutations(tenantId);
  const [chosen, setChosen] = useState('');
  const candidates = peopleToAdd(people, group.members);

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
              {personChoice(person)}
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
                {memberName(m)}
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
