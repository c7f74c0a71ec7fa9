import type { Group } from '@canopy/portal-contract';
import { useMemo } from 'react';
import { useZodForm } from '../../../shared/forms/use-zod-form.ts';
import { groupForm } from '../rules/group-form.ts';

/**
 * The name and description of a group being created or renamed, checked against the tenant's
 * other groups' names.
 */
export function useGroupForm(
  group: Pick<Group, 'name' | 'description'>,
  others: readonly Pick<Group, 'name'>[],
) {
  const schema = useMemo(() => groupForm(others), [others]);
  return useZodForm(schema, { name: group.name, description: group.description });
}

export type GroupForm = ReturnType<typeof useGroupForm>;
