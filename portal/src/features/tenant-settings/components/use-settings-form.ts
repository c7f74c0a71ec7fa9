import type { TenantSettings } from '@canopy/portal-contract';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-fetch.ts';
import { useZodForm } from '../../../shared/forms/use-zod-form.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useSaveTenantSettings } from '../api/tenant-settings-api.ts';
import { settingsForm } from '../rules/settings-form.ts';
import { timeZoneNames } from '../rules/time-zones.ts';

const ZONES = timeZoneNames();
const SettingsForm = settingsForm(ZONES);

/**
 * The settings form, started from the server's settings: Save checks it, then saves; on success
 * the session's theme and primary colour follow at once and the person goes on to the reports.
 */
export function useSettingsForm(tenantId: string, settings: TenantSettings) {
  const navigate = useNavigate();
  const save = useSaveTenantSettings(tenantId);
  const form = useZodForm(SettingsForm, {
    logoUrl: settings.logoUrl,
    primaryColor: settings.primaryColor,
    theme: settings.theme,
    timeZone: settings.timeZone,
  });

  const submit = form.submit((draft) =>
    save.mutate(draft, {
      onSuccess: (saved) => {
        sessionStore.update({ theme: saved.theme, primaryColor: saved.primaryColor });
        toast.success('Tenant settings updated');
        void navigate('/tenant/reports');
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.status > 0
            ? 'Failed to update tenant'
            : 'Error updating tenant',
        ),
    }),
  );
  return { form, zones: ZONES, submit, saving: save.isPending };
}
