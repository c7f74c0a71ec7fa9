import type { Group } from '@canopy/portal-contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { Dialog } from '../../../shared/ui/dialog.tsx';
import { TextField } from '../../../shared/ui/field.tsx';
import { groupNameError } from '../rules/access-reasons.ts';

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
  const [name, setName] = useState(group.name);
  const [description, setDescription] = useState(group.description);
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = groupNameError(name, others);
    setError(problem);
    if (!problem) onSave({ name: name.trim(), description: description.trim() });
  };
  return (
    <Dialog open title="Rename Group" description={`Currently "${group.name}".`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextField
          label="Group name"
          value={name}
          maxLength={80}
          error={error}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          label="Description (optional)"
          value={description}
          maxLength={500}
          onChange={(event) => setDescription(event.target.value)}
        />
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
