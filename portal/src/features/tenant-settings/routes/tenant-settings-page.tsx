import { endpoints } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Badge, Card, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { LogoPicker } from '../../../shared/ui/logo-picker.tsx';
import { tenantSettingsQuery } from '../api/tenant-settings-api.ts';
import { ColoursCard } from '../components/colours-card.tsx';
import { TimeZoneCard } from '../components/time-zone-card.tsx';
import { useSettingsForm } from '../components/use-settings-form.ts';

/** Tenant settings (a tenant's Admins): the logo, colour, theme and time zone of their tenant. */
export default function TenantSettingsPage() {
  const session = useSession();
  const tenantId = session.tenantId ?? '';
  const settings = useQuery({ ...tenantSettingsQuery(tenantId), enabled: !!tenantId });
  const { draft, setDraft, zones, zoneError, submit, saving } = useSettingsForm(
    tenantId,
    settings.data,
  );
  useErrorToast(settings.isError, 'Failed to load tenant info');

  return (
    <>
      <PageHeader
        title="Tenant Settings"
        subtitle="Your organization's logo, colour and theme, as everyone in it sees the portal."
        badge={<Badge tone="primary">Tenant Admin</Badge>}
      />
      {settings.isError && <ErrorCard message="Failed to load tenant info" />}
      {!draft ? (
        settings.isPending && (
          <Card>
            <span className="skeleton" style={{ height: 180 }} aria-hidden="true" />
          </Card>
        )
      ) : (
        <form onSubmit={submit} noValidate>
          {/* No card title: the picker's own "Logo" label names it (said twice, it read as two fields). */}
          <Card>
            <LogoPicker
              logoUrl={draft.logoUrl}
              endpoint={endpoints.uploadOwnTenantLogo}
              onUploaded={(url) => setDraft({ ...draft, logoUrl: url })}
            />
          </Card>
          <ColoursCard
            primaryColor={draft.primaryColor}
            theme={draft.theme}
            onChange={(change) => setDraft({ ...draft, ...change })}
          />
          <TimeZoneCard
            value={draft.timeZone}
            zones={zones}
            error={zoneError}
            onChange={(timeZone) => setDraft({ ...draft, timeZone })}
          />
          <div className="form-row" style={{ justifyContent: 'flex-end' }}>
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Settings'}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
