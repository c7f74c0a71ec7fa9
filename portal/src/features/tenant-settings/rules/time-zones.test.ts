import { describe, expect, it } from 'vitest';
import { checkForm } from '../../../shared/forms/check-form.ts';
import { settingsForm } from './settings-form.ts';
import { timeZoneNames } from './time-zones.ts';

/** The time zone field's message for a name typed into the settings form. */
const timeZoneError = (timeZone: string, zones: readonly string[]) => {
  const draft = { logoUrl: null, primaryColor: '#2563eb', theme: 'light' as const, timeZone };
  const checked = checkForm(settingsForm(zones), draft);
  return checked.ok ? undefined : checked.errors.timeZone;
};

describe('time zones', () => {
  it('lists UTC first, then the IANA zones, once each', () => {
    const zones = timeZoneNames();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/London');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('accepts only a zone of the list', () => {
    const zones = timeZoneNames();
    expect(timeZoneError('Europe/London', zones)).toBeUndefined();
    expect(timeZoneError('Europe/Londn', zones)).toBe('Choose a time zone from the list');
    expect(timeZoneError('', zones)).toBe('Choose a time zone from the list');
  });
});
