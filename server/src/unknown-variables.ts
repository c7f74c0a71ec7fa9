/**
 * `CANOPY_*` variables read by other parts of the repository (the standalone emulator, the portal's
 * dev server, the test suites, the docs screenshots, compose.yaml from .env): set in the same shell
 * or env file, they are not typos.
 */
const OTHER_TOOLS = new Set([
  'CANOPY_API_URL',
  'CANOPY_BUILD_COMMIT',
  'CANOPY_HTTP_PORT',
  'CANOPY_EMULATOR_HTTP_PORT',
  'CANOPY_MAILPIT_HTTP_PORT',
  'CANOPY_SCREENSHOTS',
  'CANOPY_TEST_DB',
  'CANOPY_TEST_PG_URL',
  'CANOPY_EMULATOR_BASE_URL',
  'CANOPY_EMULATOR_FAILURE_RATE',
  'CANOPY_EMULATOR_FAIL_STATUS',
  'CANOPY_EMULATOR_LATENCY_MS',
  'CANOPY_EMULATOR_LOG',
  'CANOPY_EMULATOR_RETRY_AFTER_SECONDS',
  'CANOPY_EMULATOR_ROWS',
  'CANOPY_EMULATOR_SEED',
  'CANOPY_EMULATOR_THROTTLE_EVERY_N',
  'CANOPY_EMULATOR_TODAY',
  'CANOPY_EMULATOR_TOKEN_SECRET',
]);

/**
 * One warning per `CANOPY_*` variable nobody reads, naming the closest known one: a misspelt
 * `CANOPY_JWT_SECRET` would otherwise be ignored without a word and the server would run on a
 * generated secret.
 */
export function unknownVariableWarnings(
  env: Record<string, string | undefined>,
  known: readonly string[],
): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (!name.startsWith('CANOPY_') || known.includes(name) || OTHER_TOOLS.has(name)) continue;
    const closest = closestName(name, known);
    warnings.push(
      closest
        ? `${name} is not a Canopy setting and is ignored; did you mean ${closest}?`
        : `${name} is not a Canopy setting and is ignored`,
    );
  }
  return warnings;
}

/** The known name with the fewest edits from `name`, when it is close enough to be a typo. */
function closestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(name, candidate);
    if (!best || distance < best.distance) best = { name: candidate, distance };
  }
  // Up to a third of the name: CANOPY_JWT_SECRT or CANOPY_EMULATOR_PROT match, CANOPY_FOO does not.
  return best && best.distance <= Math.max(2, Math.floor(name.length / 3)) ? best.name : undefined;
}

/** Levenshtein distance (insert, delete, substitute), one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
