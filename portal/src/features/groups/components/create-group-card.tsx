import type { Group } from '@canopy/portal-contract';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { Card } from '../../../shared/ui/bits.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useGroupMutations } from '../api/groups-api.ts';
import { GroupFields } from './group-fields.tsx';
import { useGroupForm } from './use-group-form.ts';

export interface CreateGroupCardProps {
  tenantId: string;
  /** The tenant's groups: a name they use (any case) is refused before asking the server. */
  groups: readonly Pick<Group, 'name'>[];
}

const EMPTY = { name: '', description: '' };

/** "Create Group": a name and a description; the form empties once the group is created. */
export function CreateGroupCard({ tenantId, groups }: CreateGroupCardProps) {
  const { create } = useGroupMutations(tenantId);
  const form = useGroupForm(EMPTY, groups);
  const submit = form.submit((body) =>
    create.mutate(body, {
      onSuccess: (group) => {
        toast.success(`Group "${group.name}" created`);
        form.reset(EMPTY);
      },
      onError: (failure) => toast.error(errorMessage(failure, 'Failed to create group')),
    }),
  );

  return (
    <Card title="Create Group">
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          <GroupFields form={form} />
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Group'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
