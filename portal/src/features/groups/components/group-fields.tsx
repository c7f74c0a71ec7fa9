import { TextField } from '../../../shared/ui/field.tsx';
import type { GroupForm } from './use-group-form.ts';

/** "Group name" and "Description (optional)", as the create card and the rename dialog ask them. */
export function GroupFields({ form }: { form: GroupForm }) {
  return (
    <>
      <TextField label="Group name" maxLength={80} {...form.bind('name')} />
      <TextField label="Description (optional)" maxLength={500} {...form.bind('description')} />
    </>
  );
}
