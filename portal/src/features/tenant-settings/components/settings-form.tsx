import { endpoints, type TenantSettings } from '@canopy/portal-contract';
import { Card } from '../../../shared/ui/bits.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { LogoPicker } from '../../../shared/ui/logo-picker.tsx';
import { ColoursCard } from './colours-card.tsx';
import { TimeZoneCard } from './time-zone-card.tsx';
import { useSettingsForm } from './use-settings-form.ts';

/** The logo, colours and theme, and time zone of the tenant, saved together. */
export function SettingsForm({
  tenantId,
  settings,
}: {
  tenantId: string;
  settings: TenantSettings;
}) {
  const { form, zones, submit, saving } = useSettingsForm(tenantId, settings);
  const { values, set } = form;
  return (
    <form onSubmit={submit} noValidate>
      {/* No card title: the picker's own "Logo" label names it (said twice, it read as two fields). */}
      <Card>
        <LogoPicker
          logoUrl={values.logoUrl}
          endpoint={endpoints.uploadOwnTenantLogo}
          onUploaded={(url) => set('logoUrl', url)}
        />
      </Card>
      <ColoursCard
        primaryColor={values.primaryColor}
        theme={values.theme}
        onChange={(change) => {
          if (change.primaryColor) set('primaryColor', change.primaryColor);
          if (change.theme) set('theme', change.theme);
        }}
      />
      <TimeZoneCard zones={zones} {...form.bind('timeZone')} />
      <div className="form-row" style={{ justifyContent: 'flex-end' }}>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
