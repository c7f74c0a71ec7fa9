import type { Generated, Selectable } from 'kysely';

/** A named set of a tenant's people; its name is unique within the tenant, whatever the case. */
export interface GroupsTable {
  id: Generated<string>;
  tenant_id: string;
  name: string;
  description: Generated<string>;
  created_at: Generated<Date>;
  created_by: string | null;
}
export type GroupRow = Selectable<GroupsTable>;

export interface GroupMembersTable {
  group_id: string;
  user_id: string;
  added_at: Generated<Date>;
}

/** A report every member of the group may open. */
export interface GroupReportGrantsTable {
  group_id: string;
  report_id: string;
  granted_by: string | null;
  granted_at: Generated<Date>;
}
