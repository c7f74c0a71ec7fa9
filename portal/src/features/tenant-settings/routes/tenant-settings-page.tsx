import { useQuery } from '@tanstack/react-query';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Badge, Card, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { tenantSettingsQuery } from '../api/tenant-settings-api.ts';
import { SettingsForm } from '../components/settings-form.tsx';
import { RequireMfaSetting } from '../../../shared/two-step/require-mfa-setting.tsx';

/**
 * Tenant settings (a tenant's Admins): the logo, colour, theme and time zone of their tenant, and
 * whether everyone in it must use two-step verification.
 */
export default function TenantSettingsPage() {
  const session = useSession();
  const tenantId = session.tenantId ?? '';
  const settings = useQuery({ ...tenantSettingsQuery(tenantId), enabled: !!tenantId });
  useErrorToast(settings.isError, 'Failed to load tenant info');

  return (
    <>
      <PageHeader
        title="Tenant Settings"
        subtitle="Your organization's logo, colour and theme, as everyone in it sees the portal, and how its people sign in."
        badge={<Badge tone="primary">Tenant Admin</Badge>}
      />
      {settings.isError && <ErrorCard message="Failed to load tenant info" />}
      {settings.data ? (
        <SettingsForm tenantId={tenantId} settings={settings.data} />
      ) : (
        settings.isPending && (
          <Card>
            <span className="skeleton" style={{ height: 180 }} aria-hidden="true" />
          </Card>
        )
      )}
      {/* Apart from the form: it is saved on its own, not by Save Settings. */}
      <div className="settings-security">
        <Card title="Sign-in security">
          <RequireMfaSetting tenantId={tenantId} />
        </Card>
      </div>
    </>
  );
}
