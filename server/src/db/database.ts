import type { Kysely, Transaction } from 'kysely';
import type { AuditEventsTable } from './tables/audit.table.ts';
import type {
  OidcRequestsTable,
  PasswordTokensTable,
  RefreshTokensTable,
  SessionsTable,
  SignInTicketsTable,
  SignInAttemptsTable,
} from './tables/auth.table.ts';
import type {
  ChatEventsTable,
  ChatInboxesTable,
  ConversationsTable,
  MessageReactionsTable,
  MessagesTable,
  StreamTicketsTable,
} from './tables/chat.table.ts';
import type {
  ReportGrantsTable,
  ReportsTable,
  ReportUsageTable,
  TenantDataKeysTable,
} from './tables/reports.table.ts';
import type {
  DataSourcesTable,
  IntegrationsTable,
  JobsTable,
  OauthStatesTable,
} from './tables/integrations.table.ts';
import type { FilesTable } from './tables/files.table.ts';
import type {
  MfaPasskeyChallengesTable,
  MfaPasskeysTable,
  MfaRecoveryCodesTable,
  MfaSignInTicketsTable,
  MfaTotpTable,
} from './tables/mfa.table.ts';
import type {
  GroupMembersTable,
  GroupReportGrantsTable,
  GroupsTable,
} from './tables/groups.table.ts';
import type {
  ReportSubscriptionsTable,
  SubscriptionDeliveriesTable,
} from './tables/subscriptions.table.ts';
import type { RateLimitHitsTable } from './tables/rate-limit.table.ts';
import type { TenantsTable } from './tables/tenants.table.ts';
import type { UsageLatencyDaysTable, UsagePersonDaysTable } from './tables/usage-rollups.table.ts';
import type {
  TenantPeopleVersionsTable,
  UserRolesTable,
  UsersTable,
} from './tables/users.table.ts';

/** The whole schema, assembled from each module's `*.table.ts`. */
export interface Database {
  tenants: TenantsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  tenant_people_versions: TenantPeopleVersionsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_tokens: PasswordTokensTable;
  oidc_requests: OidcRequestsTable;
  sign_in_tickets: SignInTicketsTable;
  sign_in_attempts: SignInAttemptsTable;
  mfa_totp: MfaTotpTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  mfa_passkeys: MfaPasskeysTable;
  mfa_sign_in_tickets: MfaSignInTicketsTable;
  mfa_passkey_challenges: MfaPasskeyChallengesTable;
  audit_events: AuditEventsTable;
  files: FilesTable;
  reports: ReportsTable;
  report_grants: ReportGrantsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_report_grants: GroupReportGrantsTable;
  tenant_data_keys: TenantDataKeysTable;
  report_usage: ReportUsageTable;
  usage_person_days: UsagePersonDaysTable;
  usage_latency_days: UsageLatencyDaysTable;
  data_sources: DataSourcesTable;
  integrations: IntegrationsTable;
  oauth_states: OauthStatesTable;
  jobs: JobsTable;
  report_subscriptions: ReportSubscriptionsTable;
  subscription_deliveries: SubscriptionDeliveriesTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  message_reactions: MessageReactionsTable;
  chat_inboxes: ChatInboxesTable;
  chat_events: ChatEventsTable;
  stream_tickets: StreamTicketsTable;
  rate_limit_hits: RateLimitHitsTable;
}

/** What repositories take first: the pool or an open transaction, so they compose in both. */
export type Db = Kysely<Database> | Transaction<Database>;
