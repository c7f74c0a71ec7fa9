/** The IANA zones this browser knows (the server checks the name again), UTC first. */
export function timeZoneNames(): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return ['UTC', ...known.filter((zone) => zone !== 'UTC')];
}
