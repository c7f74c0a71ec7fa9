/**
 * Public API compatibility with powerbi-client 2.23.1 at runtime: the root export names, the
 * `models`/`service`/`factories` namespaces, every public method of every exported class, and the
 * static constants (allowed events, attribute names, types). powerbi-client is loaded only here and
 * in the differential test, as a devDependency.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import * as embedCore from '../src/index.ts';
import { loadPowerBiClient } from './differential/harness/libraries.ts';

type Namespace = Record<string, unknown>;

/** Exports of embed-core that powerbi-client does not have. Extend deliberately, never silently. */
const EMBED_CORE_EXTRAS = [
  // Reachable only as report.bookmarksManager in the original; exported for typing.
  'BookmarksManager',
  // Errors with stable codes for failures the original had no name for.
  'EmbedError',
  'EmbedErrorCode',
  'isEmbedError',
  // Token refresh, status tracking and declarative embedding helpers.
  'autoRefreshToken',
  'trackEmbedStatus',
  'IDLE_STATUS',
  'embedFromConfig',
  // Framework adapters: the controller a component wrapper drives, and its pure config diff.
  'createEmbedController',
  'diffEmbedConfig',
  'deepEqual',
];

/** The root runtime names of powerbi-client 2.23.1 (its package's index exports). */
const POWERBI_CLIENT_ROOT = [
  'service',
  'factories',
  'models',
  'Report',
  'Dashboard',
  'Tile',
  'Embed',
  'Page',
  'Qna',
  'Visual',
  'VisualDescriptor',
  'QuickCreate',
  'Create',
  'BasicFilterBuilder',
  'AdvancedFilterBuilder',
  'TopNFilterBuilder',
  'RelativeDateFilterBuilder',
  'RelativeTimeFilterBuilder',
];

const CLASSES = [
  'Embed',
  'Report',
  'Dashboard',
  'Tile',
  'Qna',
  'Visual',
  'Create',
  'QuickCreate',
  'Page',
  'VisualDescriptor',
  'BasicFilterBuilder',
  'AdvancedFilterBuilder',
  'TopNFilterBuilder',
  'RelativeDateFilterBuilder',
  'RelativeTimeFilterBuilder',
];

const ours = embedCore as unknown as Namespace;
let original: Namespace;

/** Members declared `private` in powerbi-client's d.ts: present at runtime, not part of the API. */
const privateNames = new Set(
  Array.from(
    readFileSync(
      // A plain path: happy-dom replaces the global URL, which node:url does not accept.
      join(
        dirname(fileURLToPath(import.meta.url)),
        '../node_modules/powerbi-client/dist/powerbi-client.d.ts',
      ),
      'utf8',
    ).matchAll(/^\s+private (?:static )?(\w+)/gm),
    (m) => m[1] as string,
  ),
);

type Ctor = (abstract new (...args: never[]) => unknown) & Namespace;

function classOf(ns: Namespace, path: string): Ctor {
  const value = path.split('.').reduce<unknown>((v, key) => (v as Namespace)[key], ns);
  if (typeof value !== 'function') throw new Error(`${path} is not a class`);
  return value as Ctor;
}

/** Method names along the prototype chain (what an instance can call), minus the constructor. */
function methodNames(ctor: Ctor): string[] {
  const names = new Set<string>();
  for (
    let proto = ctor.prototype as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (name !== 'constructor' && typeof descriptor?.value === 'function') names.add(name);
    }
  }
  return [...names].sort();
}

/** Static members along the constructor chain (statics are inherited), as name → value. */
function statics(ctor: Ctor): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (
    let c = ctor as object | null;
    c && c !== Function.prototype;
    c = Object.getPrototypeOf(c) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(c)) {
      if (['length', 'name', 'prototype', 'caller', 'arguments'].includes(name)) continue;
      if (!found.has(name)) found.set(name, (ctor as unknown as Namespace)[name]);
    }
  }
  return found;
}

describe('public API compatibility with powerbi-client 2.23.1', () => {
  beforeAll(async () => {
    original = (await loadPowerBiClient()).lib as unknown as Namespace;
  });

  it('exports the same 18 root runtime names, plus the listed additions', () => {
    expect(Object.keys(original).sort()).toEqual([...POWERBI_CLIENT_ROOT].sort());
    const names = Object.keys(ours);
    const missing = POWERBI_CLIENT_ROOT.filter((n) => !names.includes(n));
    const extras = names.filter((n) => !POWERBI_CLIENT_ROOT.includes(n));
    expect(missing).toEqual([]);
    expect(extras.sort()).toEqual([...EMBED_CORE_EXTRAS].sort());
  });

  it('exposes the same kinds of values under each root name', () => {
    for (const name of POWERBI_CLIENT_ROOT) {
      expect(typeof ours[name], name).toBe(typeof original[name]);
    }
  });

  it('models exposes exactly the runtime names of the bundled powerbi-models, with equal values', () => {
    const theirs = original.models as Namespace;
    const mine = ours.models as Namespace;
    expect(Object.keys(mine).sort()).toEqual(Object.keys(theirs).sort());
    for (const [name, value] of Object.entries(theirs)) {
      // Enums and constant tables must be identical; classes and functions just present.
      if (typeof value === 'object') expect(mine[name], `models.${name}`).toEqual(value);
      else expect(typeof mine[name], `models.${name}`).toBe(typeof value);
    }
  });

  it('service and factories expose the same runtime names', () => {
    expect(Object.keys(ours.service as Namespace).sort()).toEqual(
      Object.keys(original.service as Namespace).sort(),
    );
    expect(Object.keys(ours.factories as Namespace).sort()).toEqual(
      Object.keys(original.factories as Namespace).sort(),
    );
  });

  it.each([...CLASSES, 'service.Service'])('%s has every public method of the original', (path) => {
    const theirs = methodNames(classOf(original, path)).filter((n) => !privateNames.has(n));
    const mine = methodNames(classOf(ours, path));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((n) => !mine.includes(n))).toEqual([]);
  });

  it.each([...CLASSES, 'service.Service'])('%s has the same public static members', (path) => {
    const theirs = statics(classOf(original, path));
    const mine = statics(classOf(ours, path));
    for (const [name, value] of theirs) {
      if (privateNames.has(name)) continue;
      expect(mine.has(name), `${path}.${name} is missing`).toBe(true);
      if (typeof value === 'function')
        expect(typeof mine.get(name), `${path}.${name}`).toBe('function');
      else expect(mine.get(name), `${path}.${name}`).toEqual(value);
    }
  });

  it('static constants equal the reference values', () => {
    const Embed = classOf(ours, 'Embed');
    expect(Embed.allowedEvents).toEqual([
      'loaded',
      'saved',
      'rendered',
      'saveAsTriggered',
      'error',
      'dataSelected',
      'buttonClicked',
      'info',
    ]);
    expect([
      Embed.accessTokenAttribute,
      Embed.embedUrlAttribute,
      Embed.nameAttribute,
      Embed.typeAttribute,
      Embed.defaultEmbedHostName,
      Embed.maxFrontLoadTimes,
    ]).toEqual([
      'powerbi-access-token',
      'powerbi-embed-url',
      'powerbi-name',
      'powerbi-type',
      'https://app.powerbi.com',
      2,
    ]);
    const types = ['Report', 'Dashboard', 'Tile', 'Qna', 'Visual'].map(
      (c) => classOf(ours, c).type,
    );
    expect(types).toEqual(['Report', 'Dashboard', 'Tile', 'Qna', 'visual']);
    expect(classOf(ours, 'Dashboard').allowedEvents).toEqual(['tileClicked', 'error']);
    expect(classOf(ours, 'Qna').allowedEvents).toEqual(['loaded', 'visualRendered']);
    expect(classOf(ours, 'Tile').allowedEvents).toEqual(['tileClicked', 'tileLoaded']);
  });

  it('static URL helpers extract ids like the original', () => {
    const urls = [
      'https://app.powerbi.com/reportEmbed?reportId=r-1&groupId=g-1',
      'https://app.powerbi.com/reportEmbed?groupId="g-2"&reportId="r-2"',
      'https://app.powerbi.com/dashboardEmbed?dashboardId=d-1&tileId=t-1&datasetId=ds-1',
      'https://app.powerbi.com/reportEmbed',
    ];
    const helpers: Array<[string, string]> = [
      ['Embed', 'findGroupIdFromEmbedUrl'],
      ['Report', 'findIdFromEmbedUrl'],
      ['Dashboard', 'findIdFromEmbedUrl'],
      ['Tile', 'findIdFromEmbedUrl'],
      ['Create', 'findIdFromEmbedUrl'],
    ];
    for (const [cls, helper] of helpers) {
      const theirs = classOf(original, cls)[helper] as (url: string) => unknown;
      const mine = classOf(ours, cls)[helper] as (url: string) => unknown;
      for (const url of urls) expect(mine(url), `${cls}.${helper}(${url})`).toEqual(theirs(url));
    }
  });
});
