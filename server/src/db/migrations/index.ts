import type { Migration } from 'kysely';
import * as createIdentity from './2026_11_25_000001_create_identity.ts';
import * as createOidcSignIn from './2026_11_25_000002_create_oidc_sign_in.ts';
import * as indexTenantResources from './2026_11_25_000003_index_tenant_resources.ts';
import * as createReports from './2026_11_25_000004_create_reports.ts';
import * as createIntegrations from './2026_11_25_000005_create_integrations.ts';
import * as createChat from './2026_11_25_000006_create_chat.ts';
import * as numberChatEventsPerPerson from './2026_11_26_000001_number_chat_events_per_person.ts';
import * as sessionsRememberMe from './2026_11_26_000010_sessions_remember_me.ts';
import * as sessionEndReason from './2026_11_26_000011_session_end_reason.ts';
import * as versionTenantPeople from './2026_11_26_000020_version_tenant_people.ts';
import * as versionPeopleOnInvitations from './2026_11_26_100001_version_people_on_invitations.ts';
import * as indexAuditActor from './2026_11_27_100001_index_audit_actor.ts';
import * as indexReportUsage from './2026_11_27_200001_index_report_usage.ts';
import * as createGroups from './2026_11_27_300001_create_groups.ts';
import * as createReportSubscriptions from './2026_11_27_400001_create_report_subscriptions.ts';
import * as renameReportsWorkspace from './2026_11_27_500001_rename_reports_workspace.ts';
import * as createMfa from './2026_11_29_200001_create_mfa.ts';
import * as createSignInAttempts from './2026_11_29_300001_create_sign_in_attempts.ts';
import * as claimSendNow from './2026_11_29_300002_claim_send_now.ts';
import * as createRateLimitHits from './2026_11_29_400001_create_rate_limit_hits.ts';
import * as boundReportUsage from './2026_11_29_500001_bound_report_usage.ts';
import * as tenantRowSecurity from './2026_11_29_900001_tenant_row_security.ts';
import * as deliveryLeases from './2026_11_29_920001_delivery_leases.ts';
import * as indexAuditKeyset from './2026_11_29_930001_index_audit_keyset.ts';
import * as usageRollups from './2026_11_29_940001_usage_rollups.ts';
import * as tenantAnalyticsProfile from './2026_11_29_950001_tenant_analytics_profile.ts';

/**
 * Every migration, in order. Listed in code (not read from the folder) so the same list works under
 * tsx, vitest and a bundler. Append new ones; never edit or reorder a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_25_000001_create_identity': createIdentity,
  '2026_11_25_000002_create_oidc_sign_in': createOidcSignIn,
  '2026_11_25_000003_index_tenant_resources': indexTenantResources,
  '2026_11_25_000004_create_reports': createReports,
  '2026_11_25_000005_create_integrations': createIntegrations,
  '2026_11_25_000006_create_chat': createChat,
  '2026_11_26_000001_number_chat_events_per_person': numberChatEventsPerPerson,
  '2026_11_26_000010_sessions_remember_me': sessionsRememberMe,
  '2026_11_26_000011_session_end_reason': sessionEndReason,
  '2026_11_26_000020_version_tenant_people': versionTenantPeople,
  '2026_11_26_100001_version_people_on_invitations': versionPeopleOnInvitations,
  '2026_11_27_100001_index_audit_actor': indexAuditActor,
  '2026_11_27_200001_index_report_usage': indexReportUsage,
  '2026_11_27_300001_create_groups': createGroups,
  '2026_11_27_400001_create_report_subscriptions': createReportSubscriptions,
  '2026_11_27_500001_rename_reports_workspace': renameReportsWorkspace,
  '2026_11_29_200001_create_mfa': createMfa,
  '2026_11_29_300001_create_sign_in_attempts': createSignInAttempts,
  '2026_11_29_300002_claim_send_now': claimSendNow,
  '2026_11_29_400001_create_rate_limit_hits': createRateLimitHits,
  '2026_11_29_500001_bound_report_usage': boundReportUsage,
  '2026_11_29_900001_tenant_row_security': tenantRowSecurity,
  '2026_11_29_920001_delivery_leases': deliveryLeases,
  '2026_11_29_930001_index_audit_keyset': indexAuditKeyset,
  '2026_11_29_940001_usage_rollups': usageRollups,
  '2026_11_29_950001_tenant_analytics_profile': tenantAnalyticsProfile,
};
