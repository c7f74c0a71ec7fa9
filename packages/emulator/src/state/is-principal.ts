import type { GroupUser } from './records.ts';

/**
 * Whether a workspace access entry belongs to `principal`: a profile id, a client id or an e-mail
 * address. An entry made for a profile matches that profile only, never its service principal (whose
 * id it carries as `identifier`), and the principal's own entries never match one of its profiles:
 * the two see each other's workspaces only when one is added to the other's explicitly.
 */
export function isPrincipal(user: GroupUser, principal: string): boolean {
  if (user.profile) return user.profile.id === principal;
  return user.identifier === principal || user.emailAddress === principal;
}
