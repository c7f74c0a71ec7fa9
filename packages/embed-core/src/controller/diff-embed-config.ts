import type * as models from 'powerbi-models';
import { isEmbeddable, type AnyEmbedConfiguration } from '../embed-from-config.ts';
import { isMobileLayout } from '../embeds/report-layout.ts';
import { deepEqual } from './deep-equal.ts';

/** One call on the live component that applies part of a configuration change. */
export type EmbedLiveUpdate =
  | { kind: 'token'; accessToken: string }
  | { kind: 'settings'; settings: models.ISettings }
  | { kind: 'filters'; filters: models.IFilter[] }
  | { kind: 'page'; pageName: string };

/**
 * What a change of configuration needs:
 * - `none`: nothing (equal content, or no token/URL yet);
 * - `update`: calls on the live component, no reload (token, settings, filters, page);
 * - `embed`: embed again into the same component and frame (a new load with the whole config);
 * - `replace`: reset the element and embed a new component (identity changed).
 */
export type EmbedConfigChange =
  | { kind: 'none' }
  | { kind: 'update'; updates: EmbedLiveUpdate[] }
  | { kind: 'embed' }
  | { kind: 'replace' };

type Config = AnyEmbedConfiguration & Record<string, unknown>;

const NONE: EmbedConfigChange = { kind: 'none' };
const EMBED: EmbedConfigChange = { kind: 'embed' };
const REPLACE: EmbedConfigChange = { kind: 'replace' };

/** A different value here means a different component: a new frame is needed. */
const IDENTITY_KEYS = ['type', 'id', 'embedUrl'];

/** Keys the live component can apply without a reload, by embed type. */
const REPORT_LIVE_KEYS = new Set(['accessToken', 'settings', 'filters', 'pageName']);
const OTHER_LIVE_KEYS = new Set(['accessToken']);

/**
 * Types whose component can be loaded again in its own frame (`service.embed` on the element);
 * for the others the core builds a new component, so the old one must be reset first.
 */
const RELOADABLE_TYPES = new Set(['report', 'dashboard', 'tile', 'visual']);

/**
 * Decides how to go from the configuration last applied to `next`. Pure: `createEmbedController`
 * runs the result. `eventHooks` are compared by their names only, because the controller hands the
 * core stable functions that call the latest hooks.
 */
export function diffEmbedConfig(
  applied: AnyEmbedConfiguration,
  next: AnyEmbedConfiguration,
): EmbedConfigChange {
  const prev = applied as Config;
  const cur = next as Config;
  // Like powerbi-client-react: nothing happens until both a token and an embed URL are present.
  if (!isEmbeddable(next)) return NONE;
  // The element holds a bootstrapped component: complete it, unless it is of another type.
  if (!isEmbeddable(applied)) return prev.type === cur.type ? EMBED : REPLACE;
  if (IDENTITY_KEYS.some((key) => !deepEqual(prev[key], cur[key]))) return REPLACE;
  // Phone and desktop layouts are different report shells: the live component refuses the switch,
  // the service asks for a fresh container (rotation between the two phone layouts stays live).
  if (isMobileLayout(layoutOf(prev)) !== isMobileLayout(layoutOf(cur))) {
    return REPLACE;
  }

  const changed = changedKeys(prev, cur);
  if (changed.length === 0) return NONE;
  const type = typeof cur.type === 'string' ? cur.type : '';
  const reload = RELOADABLE_TYPES.has(type) ? EMBED : REPLACE;
  const live = type === 'report' ? REPORT_LIVE_KEYS : OTHER_LIVE_KEYS;
  if (changed.some((key) => !live.has(key))) return reload;
  // A setting that disappeared cannot be patched back to its default: load again.
  if (changed.includes('settings') && droppedKey(prev.settings, cur.settings)) return reload;

  const updates: EmbedLiveUpdate[] = [];
  if (changed.includes('accessToken')) {
    updates.push({ kind: 'token', accessToken: cur.accessToken as string });
  }
  if (changed.includes('settings')) {
    updates.push({ kind: 'settings', settings: cur.settings ?? {} });
  }
  if (changed.includes('filters')) {
    updates.push({ kind: 'filters', filters: (cur.filters ?? []) as models.IFilter[] });
  }
  // Dropping pageName keeps the page the user is on: there is no "default page" call.
  if (changed.includes('pageName') && typeof cur.pageName === 'string') {
    updates.push({ kind: 'page', pageName: cur.pageName });
  }
  return updates.length > 0 ? { kind: 'update', updates } : NONE;
}

function changedKeys(prev: Config, cur: Config): string[] {
  const keys = new Set([...Object.keys(prev), ...Object.keys(cur)]);
  return [...keys].filter((key) =>
    key === 'eventHooks'
      ? hookNames(prev.eventHooks) !== hookNames(cur.eventHooks)
      : !deepEqual(prev[key], cur[key]),
  );
}

function hookNames(hooks: unknown): string {
  if (typeof hooks !== 'object' || hooks === null) return '';
  return Object.keys(hooks)
    .filter((name) => (hooks as Record<string, unknown>)[name] !== undefined)
    .sort()
    .join(',');
}

function droppedKey(prev: unknown, cur: unknown): boolean {
  if (typeof prev !== 'object' || prev === null) return false;
  const next = (typeof cur === 'object' && cur !== null ? cur : {}) as Record<string, unknown>;
  return Object.entries(prev).some(
    ([key, value]) => value !== undefined && next[key] === undefined,
  );
}

function layoutOf(config: Config): models.LayoutType | undefined {
  const settings = config.settings as { layoutType?: models.LayoutType } | undefined;
  return settings?.layoutType;
}
