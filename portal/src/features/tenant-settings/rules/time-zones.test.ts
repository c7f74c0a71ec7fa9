import { describe, expect, it } from 'vitest';
import { timeZoneError, timeZoneNames } from './time-zones.ts';

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
