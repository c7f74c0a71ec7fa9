import { ROLES } from '../../../shared/rules/roles.ts';
import { SelectField } from '../../../shared/ui/field.tsx';

export type RoleFilterValue = 'all' | (typeof ROLES)[number];

export function RoleFilter({
  value,
  onChange,
}: {
  value: RoleFilterValue;
  onChange: (value: RoleFilterValue) => void;
}) {
  return (
    <SelectField
      label="Filter by role"
      value={value}
      onChange={(event) => onChange(event.target.value as RoleFilterValue)}
    >
      <option value="all">All Roles</option>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </SelectField>
  );
}

export const matchesRole = (roles: { name: string }[], filter: RoleFilterValue) =>
  filter === 'all' || roles.some((role) => role.name === filter);
