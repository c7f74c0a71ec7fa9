import type { Group } from '@canopy/portal-contract';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useGroupMutations } from '../api/groups-api.ts';
import { groupNameError } from '../rules/access-reasons.ts';

export interface CreateGroupCardProps {
  tenantId: string;
  /** The tenant's groups: a name they use (any case) is refused before asking the server. */
  groups: readonly Pick<Group, 'name'>[];
}

/** "Create Group": a name and a description; the form empties once the group is created. */
export function CreateGroupCard({ tenantId, groups }: CreateGroupCardProps) {
  const { create } = useGroupMutations(tenantId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [nameError, setNameError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const error = groupNameError(name, groups);
    setNameError(error);
    if (error) return;
    create.mutate(
      { name: name.trim(), description: description.trim() },
      {
        onSuccess: (group) => {
          toast.success(`Group "${group.name}" created`);
          setName('');
          setDescription('');
        },
        onError: (failure) => toast.error(errorMessage(failure, 'Failed to create group')),
      },
    );
  };

  return (
    <Card title="Create Group">
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          <TextField
            label="Group name"
            value={name}
            maxLength={80}
            error={nameError}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            label="Description (optional)"
            value={description}
            maxLength={500}
            onChange={(event) => setDescription(event.target.value)}
          />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Group'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
