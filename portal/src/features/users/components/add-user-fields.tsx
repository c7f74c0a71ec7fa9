import { EmailListField } from './email-list-field.tsx';
import { RoleSelect } from './role-select.tsx';
import type { useAddUserForm } from './use-add-user-form.ts';

/** Add New User's addresses and role, as both user screens ask them. */
export function AddUserFields({ form }: { form: ReturnType<typeof useAddUserForm> }) {
  return (
    <>
      <EmailListField
        value={form.email}
        onChange={form.setEmail}
        onBlur={form.onEmailBlur}
        error={form.emailError}
      />
      <RoleSelect value={form.role} onChange={form.setRole} />
    </>
  );
}
