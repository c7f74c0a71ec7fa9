/** Whether `name` is an IANA time zone this runtime knows ("Europe/London"): tenants keep one. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
