/** Which database the server suites run on: the project sets CANOPY_TEST_DB (pglite | postgres). */
export const testBackend = (): 'pglite' | 'postgres' =>
  process.env.CANOPY_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** The maintenance connection (trust auth, database `test`), overridable for other machines. */
export const adminUrl = () =>
  process.env.CANOPY_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function urlFor(database: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}
