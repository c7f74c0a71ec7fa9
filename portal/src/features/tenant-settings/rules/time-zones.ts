/** The IANA zones this browser knows (the server checks the name again), UTC first. */
export function timeZoneNames(): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}

/** A zone must be one of the list (the field is searchable, so anything can be typed). */
export function timeZoneError(value: string, zones: readonly string[]): string | undefined {
  return zones.includes(value.trim()) ? undefined : 'Choose a time zone from the list';
}
