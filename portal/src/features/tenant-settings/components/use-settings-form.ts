import type { TenantSettings, Theme } from '@canopy/portal-contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-fetch.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useSaveTenantSettings } from '../api/tenant-settings-api.ts';
import { timeZoneError, timeZoneNames } from '../rules/time-zones.ts';

export interface SettingsDraft {
  logoUrl: string | null;
  primaryColor: string;
  theme: Theme;
  timeZone: string;
}

const ZONES = timeZoneNames();

/**
 * The settings form: it starts from the server's settings (null until they load) and edits live in
 * local state from then on. Save checks the time zone, then saves; on success the session's theme
 * and primary colour follow at once and the person goes on to the reports.
 */
export function useSettingsForm(tenantId: string, settings: TenantSettings | undefined) {
  const navigate = useNavigate();
  const save = useSaveTenantSettings(tenantId);
  const [edited, setDraft] = useState<SettingsDraft | null>(null);
  const draft: SettingsDraft | null =
    edited ??
    (settings
      ? {
          logoUrl: settings.logoUrl,
          primaryColor: settings.primaryColor,
          theme: settings.theme,
          timeZone: settings.timeZone,
        }
      : null);
  const [zoneError, setZoneError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const problem = timeZoneError(draft.timeZone, ZONES);
    setZoneError(problem);
    if (problem) return;
    save.mutate(
      { ...draft, timeZone: draft.timeZone.trim() },
      {
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
      },
    );
  };
  return { draft, setDraft, zones: ZONES, zoneError, submit, saving: save.isPending };
}
