import type { Theme } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-fetch.ts';
import { readableSurface, textOnColor } from '../../../shared/rules/brightness.ts';
import { sessionStore } from '../../../shared/session/session-store.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Badge, Card, ErrorCard, PageHeader } from '../../../shared/ui/bits.tsx';
import { SelectField, TextField } from '../../../shared/ui/field.tsx';
import { LogoPicker } from '../../../shared/ui/logo-picker.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { tenantSettingsQuery, useSaveTenantSettings } from '../api/tenant-settings-api.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { timeZoneError, timeZoneNames } from '../rules/time-zones.ts';

interface Draft {
  logoUrl: string | null;
  primaryColor: string;
  theme: Theme;
  timeZone: string;
}

const ZONES = timeZoneNames();

export default function TenantSettingsPage() {
  const session = useSession();
  const tenantId = session.tenantId ?? '';
  const navigate = useNavigate();
  const settings = useQuery({ ...tenantSettingsQuery(tenantId), enabled: !!tenantId });
  const save = useSaveTenantSettings(tenantId);
  const [edited, setDraft] = useState<Draft | null>(null);
  // The form starts from the server's settings; edits live in local state from then on.
  const draft: Draft | null =
    edited ??
    (settings.data
      ? {
          logoUrl: settings.data.logoUrl,
          primaryColor: settings.data.primaryColor,
          theme: settings.data.theme,
          timeZone: settings.data.timeZone,
        }
      : null);
  const [zoneError, setZoneError] = useState<string>();
  const zoneListId = useId();

  useErrorToast(settings.isError, 'Failed to load tenant info');

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
          // The session's theme and primary colour follow at once, then on to the reports.
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
              uploadPath="/api/upload-logo"
              onUploaded={(url) => setDraft({ ...draft, logoUrl: url })}
            />
          </Card>
          <Card title="Colours and theme">
            <div className="form-grid">
              <TextField
                label="Primary Color"
                type="color"
                value={draft.primaryColor}
                onChange={(event) => setDraft({ ...draft, primaryColor: event.target.value })}
              />
              <SelectField
                label="Theme"
                value={draft.theme}
                onChange={(event) => setDraft({ ...draft, theme: event.target.value as Theme })}
              >
                <option value="dark">Dark</option>
                <option value="light">Light</option>
              </SelectField>
              <div className="field">
                <span className="field__label">Preview</span>
                <span
                  className="button"
                  style={{
                    background: readableSurface(draft.primaryColor),
                    color: textOnColor(draft.primaryColor),
                  }}
                  aria-hidden="true"
                >
                  Primary button
                </span>
              </div>
            </div>
          </Card>
          <Card title="Time zone">
            <div className="form-grid">
              <TextField
                label="Time zone"
                list={zoneListId}
                autoComplete="off"
                value={draft.timeZone}
                error={zoneError}
                hint="Report subscriptions are sent at their time in this zone. Type to search."
                onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}
              />
              <datalist id={zoneListId}>
                {ZONES.map((zone) => (
                  <option key={zone} value={zone} />
                ))}
              </datalist>
            </div>
          </Card>
          <div className="form-row" style={{ justifyContent: 'flex-end' }}>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Settings'}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
