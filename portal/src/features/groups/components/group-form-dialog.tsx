import type { Group } from '@canopy/portal-contract';
import { Button } from '../../../shared/ui/button.tsx';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { GroupFields } from './group-fields.tsx';
import { useGroupForm } from './use-group-form.ts';

export interface GroupFormDialogProps {
  group: Pick<Group, 'name' | 'description'>;
  /** The tenant's other groups: a name they use (any case) is refused before asking the server. */
  others: readonly Pick<Group, 'name'>[];
  saving: boolean;
  onSave: (body: { name: string; description: string }) => void;
  onClose: () => void;
}

/** Rename a group or change its description. */
export function GroupFormDialog({ group, others, saving, onSave, onClose }: GroupFormDialogProps) {
  const form = useGroupForm(group, others);
  return (
    <Dialog open title="Rename Group" description={`Currently "${group.name}".`} onClose={onClose}>
      <form onSubmit={form.submit(onSave)} noValidate>
        {/* The create card's grid: the same gap between the fields, and under an error. */}
        <div className="form-grid">
          <GroupFields form={form} />
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
