import { GroupDescription, GroupName } from '@canopy/portal-contract';
import { z } from 'zod';

/** Group names compare like the server's unique index: trimmed, any case. */
export const sameGroupName = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Create or rename a group: the contract's name and description, and a name none of the tenant's
 * other groups uses (refused here before the server would).
 */
export const groupForm = (others: readonly { name: string }[]) =>
  z.object({
    name: GroupName.refine(
      (name) => !others.some((group) => sameGroupName(group.name, name)),
      'A group with this name already exists',
    ),
    description: GroupDescription,
  });
