/**
 * Differential conformance: powerbi-client 2.23.1 and embed-core run the same scripted scenario
 * against the same fake frame; for every step the wire traffic, the outcome, delivered events,
 * replies to frame requests, the DOM and console diagnostics must be identical — except for the
 * deliberate differences listed (with reasons) in deliberate-differences.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deliberateDifferences, differencesFor } from './deliberate-differences.ts';
import { loadEmbedCore, loadPowerBiClient } from './harness/libraries.ts';
import { ASPECTS, runScenario, type StepRecord } from './harness/recorder.ts';
import { scenario } from './scenario/index.ts';

let original: Map<string, StepRecord>;
let ours: Map<string, StepRecord>;
/** Allow-list entries whose aspect really differed somewhere (unused entries are stale). */
const used = new Set<string>();

/** Deep equality ignoring key order (records are plain JSON). */
function sameJson(x: unknown, y: unknown): boolean {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v)
              .sort(([k1], [k2]) => k1.localeCompare(k2))
              .map(([k, val]) => [k, canonical(val)]),
          )
        : v;
  return JSON.stringify(canonical(x)) === JSON.stringify(canonical(y));
}

function record(records: Map<string, StepRecord>, id: string): StepRecord {
  const found = records.get(id);
  if (!found) throw new Error(`no record for step ${id}`);
  return found;
}

describe('differential: powerbi-client 2.23.1 vs embed-core', () => {
  beforeAll(async () => {
    const powerbiClient = await loadPowerBiClient();
    original = await runScenario(powerbiClient, scenario);
    ours = await runScenario(loadEmbedCore(), scenario);
  }, 60_000);

  it('runs a scenario of at least 150 uniquely named steps', () => {
    const ids = scenario.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(150);
  });

  it('records real traffic (an empty recording would make every comparison vacuous)', () => {
    const steps = [...original.values()];
    const count = (pick: (r: StepRecord) => unknown[]) =>
      steps.filter((r) => pick(r).length).length;
    expect(count((r) => r.wire)).toBeGreaterThanOrEqual(150);
    expect(count((r) => r.events)).toBeGreaterThanOrEqual(15);
    expect(count((r) => r.replies)).toBeGreaterThanOrEqual(30);
    const outcomes = new Set(steps.map((r) => r.result.kind));
    expect([...outcomes].sort()).toEqual(['pending', 'reject', 'resolve', 'return', 'throw']);
  });

  it('allow-list entries name existing steps and aspects', () => {
    const ids = new Set(scenario.map((s) => s.id));
    for (const entry of deliberateDifferences) {
      for (const step of entry.steps) {
        if (step !== '*') expect(ids.has(step), `${entry.id}: unknown step ${step}`).toBe(true);
      }
      for (const aspect of entry.aspects) expect(ASPECTS).toContain(aspect);
      expect(entry.why.length, `${entry.id} needs a reason`).toBeGreaterThan(20);
    }
  });

  describe.each(scenario.map((s) => s.id))('step %s', (id) => {
    it('matches the original', () => {
      const a = record(original, id);
      const b = record(ours, id);
      for (const aspect of ASPECTS) {
        const message = `step "${id}", ${aspect}: embed-core differs from powerbi-client`;
        const entries = differencesFor(id, aspect);
        let expected: unknown = a[aspect];
        for (const entry of entries) expected = entry.expected(expected, id, aspect);
        expect(b[aspect], message).toEqual(expected);
        if (!sameJson(a[aspect], b[aspect])) for (const entry of entries) used.add(entry.id);
      }
    });
  });

  it('every deliberate difference is observed (no stale allow-list entries)', () => {
    const stale = deliberateDifferences.filter((d) => !used.has(d.id)).map((d) => d.id);
    expect(stale).toEqual([]);
  });
});
