import { z } from 'zod';
import { Id, Timestamp } from './common.ts';
import { AnalyticsId } from './reports.ts';

/**
 * Groups of a tenant's people and the access matrix. A person may open a report granted to them
 * directly or to any group they are in; tenant Admins see every report of their tenant.
 */
export const GroupName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name must be at most 80 characters');
export const GroupDescription = z
  .string()
  .trim()
  .max(500, 'Description must be at most 500 characters');

export const Group = z.object({
  id: Id,
  tenantId: Id,
  name: z.string(),
  description: z.string(),
  createdAt: Timestamp,
  memberCount: z.number().int(),
  /** The reports granted to the group. */
  reportIds: z.array(z.string()),
});
export type Group = z.infer<typeof Group>;
export const GroupList = z.object({ groups: z.array(Group) });
export type GroupList = z.infer<typeof GroupList>;

export const GroupMember = z.object({
  userId: Id,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type GroupMember = z.infer<typeof GroupMember>;

export const GroupDetail = Group.extend({
  members: z.array(GroupMember),
  reports: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type GroupDetail = z.infer<typeof GroupDetail>;

export const CreateGroupRequest = z.object({
  name: GroupName,
  description: GroupDescription.default(''),
});
export type CreateGroupRequest = z.input<typeof CreateGroupRequest>;
export const UpdateGroupRequest = z.object({
  name: GroupName.optional(),
  description: GroupDescription.optional(),
});
export type UpdateGroupRequest = z.infer<typeof UpdateGroupRequest>;

export const TenantGroupParams = z.object({ tenantId: Id, id: Id });
export const GroupMemberParams = TenantGroupParams.extend({ userId: Id });
export const GroupReportParams = TenantGroupParams.extend({ reportId: AnalyticsId });

/** Why a person may open a report: Admin (sees everything), a direct grant, and/or groups. */
export const AccessReason = z.object({
  admin: z.boolean(),
  direct: z.boolean(),
  /** Names of the groups that grant it, sorted. */
  groups: z.array(z.string()),
});
export type AccessReason = z.infer<typeof AccessReason>;

export const AccessMatrixQuery = z.object({
  /** Part of a person's email or name, any case. */
  person: z.string().trim().max(254).optional(),
  reportId: AnalyticsId.optional(),
});
export type AccessMatrixQuery = z.infer<typeof AccessMatrixQuery>;

export const AccessMatrix = z.object({
  people: z.array(
    z.object({
      id: Id,
      email: z.string(),
      name: z.string().nullable(),
      role: z.string(),
    }),
  ),
  reports: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Only the granted cells; a person × report pair not listed has no access. */
  cells: z.array(AccessReason.extend({ userId: Id, reportId: z.string() })),
});
export type AccessMatrix = z.infer<typeof AccessMatrix>;
