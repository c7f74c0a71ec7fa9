import type { RoleName } from '@canopy/portal-contract';
import { ROLES } from '../../../shared/rules/roles.ts';
import { SelectField } from '../../../shared/ui/field.tsx';

/** Add New User's "Role": every tenant role. */
export function RoleSelect({
  value,
  onChange,
}: {
  value: RoleName;
  onChange: (role: RoleName) => void;
}) {
  return (
    <SelectField
      label="Role"
      value={value}
      onChange={(event) => onChange(event.target.value as RoleName)}
    >
      {ROLES.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}
