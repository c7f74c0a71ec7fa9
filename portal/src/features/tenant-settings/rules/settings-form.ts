import { TimeZoneName, UpdateTenantSettingsRequest } from '@canopy/portal-contract';
import { z } from 'zod';

/**
 * The settings form: the contract's colour and theme, and a time zone from the browser's list
 * (the field is searchable, so anything can be typed; the server checks the name again). The
 * logo is the upload's own URL, checked by the server.
 */
export const settingsForm = (zones: readonly string[]) =>
  UpdateTenantSettingsRequest.extend({
    logoUrl: z.string().nullable(),
    timeZone: z
      .string()
      .trim()
      .refine((zone) => zones.includes(zone), 'Choose a time zone from the list')
      .pipe(TimeZoneName),
  });

export type SettingsDraft = z.input<ReturnType<typeof settingsForm>>;
