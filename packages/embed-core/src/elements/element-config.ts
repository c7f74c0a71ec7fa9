/**
 * Turns the attributes of a `<powerbi-*>` element into an embed configuration. The attribute names
 * mirror the declarative `powerbi-*` attributes without the prefix. Pure: no DOM, so it is tested on
 * its own and a bad attribute becomes a value, never a throw into the page.
 */
import type { AnyEmbedConfiguration } from '../embed-from-config.ts';
import { EmbedError, EmbedErrorCode } from '../errors.ts';

/** What each element embeds, by tag. `create` is report creation over a dataset. */
export const ELEMENT_KINDS = {
  'powerbi-report': 'report',
  'powerbi-dashboard': 'dashboard',
  'powerbi-tile': 'tile',
  'powerbi-visual': 'visual',
  'powerbi-qna': 'qna',
  'powerbi-create-report': 'create',
} as const;

export type ElementTag = keyof typeof ELEMENT_KINDS;
export type ElementKind = (typeof ELEMENT_KINDS)[ElementTag];

/** The attributes every element observes; a change to any of them updates the embed. */
export const ELEMENT_ATTRIBUTES = [
  'embed-url',
  'access-token',
  'token-type',
  'embed-id',
  'group-id',
  'dashboard-id',
  'page-name',
  'visual-name',
  'view-mode',
  'question',
  'settings',
  'filters',
  'trusted-origins',
] as const;

export type ElementAttribute = (typeof ELEMENT_ATTRIBUTES)[number];

/** The result of reading an element's attributes. */
export type ElementConfig =
  | { ok: true; config: AnyEmbedConfiguration; trustedOrigins: string[] }
  /** Not enough yet (no `embed-url`): nothing to embed, nothing wrong. */
  | { ok: false; missing: true }
  | { ok: false; missing?: false; error: EmbedError };

/** powerbi-models `TokenType` values: `Aad = 0`, `Embed = 1` (numbers, so no models import here). */
const TOKEN_TYPES: Record<string, number> = { aad: 0, embed: 1 };
/** powerbi-models `ViewMode` values for Q&A: `Interactive = 0`, `ResultOnly = 1`. */
const QNA_VIEW_MODES: Record<string, number> = { interactive: 0, resultonly: 1 };

function invalid(attribute: ElementAttribute, why: string): ElementConfig {
  return {
    ok: false,
    error: new EmbedError(EmbedErrorCode.InvalidArgument, `Attribute "${attribute}": ${why}`),
  };
}

/** Parses a JSON attribute; `kind` says what it must be. */
function json(
  attribute: ElementAttribute,
  text: string,
  kind: 'object' | 'array',
): { value: unknown } | { error: ElementConfig } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: invalid(attribute, `not valid JSON (${(error as Error).message}).`) };
  }
  const isArray = Array.isArray(value);
  const isObject = typeof value === 'object' && value !== null && !isArray;
  if ((kind === 'array' && !isArray) || (kind === 'object' && !isObject)) {
    return { error: invalid(attribute, `expected a JSON ${kind}.`) };
  }
  return { value };
}

/** Reads the configuration of `kind` from `get(name)` (an element's `getAttribute`). */
export function readElementConfig(
  kind: ElementKind,
  get: (name: ElementAttribute) => string | null,
): ElementConfig {
  const embedUrl = get('embed-url');
  if (!embedUrl) return { ok: false, missing: true };
  const config: Record<string, unknown> = { type: kind, embedUrl };

  const accessToken = get('access-token');
  if (accessToken) config.accessToken = accessToken;
  const tokenType = get('token-type');
  if (tokenType !== null) {
    const value = TOKEN_TYPES[tokenType.trim().toLowerCase()];
    if (value === undefined) return invalid('token-type', `"${tokenType}" is not embed or aad.`);
    config.tokenType = value;
  }

  const id = get('embed-id');
  if (id) {
    if (kind === 'qna') config.datasetIds = [id];
    else if (kind === 'create') config.datasetId = id;
    else config.id = id;
  }
  const groupId = get('group-id');
  if (groupId) config.groupId = groupId;
  const dashboardId = get('dashboard-id');
  if (dashboardId) config.dashboardId = dashboardId;
  const pageName = get('page-name');
  if (pageName) config.pageName = pageName;
  const visualName = get('visual-name');
  if (visualName) config.visualName = visualName;
  const question = get('question');
  if (question) config.question = question;
  const viewMode = get('view-mode');
  if (viewMode && kind === 'qna') {
    const value = QNA_VIEW_MODES[viewMode.trim().toLowerCase()];
    if (value === undefined) {
      return invalid('view-mode', `"${viewMode}" is not interactive or resultOnly.`);
    }
    config.viewMode = value;
  }

  const settings = get('settings');
  if (settings) {
    const parsed = json('settings', settings, 'object');
    if ('error' in parsed) return parsed.error;
    config.settings = parsed.value;
  }
  const filters = get('filters');
  if (filters) {
    const parsed = json('filters', filters, 'array');
    if ('error' in parsed) return parsed.error;
    config.filters = parsed.value;
  }

  const trustedOrigins = (get('trusted-origins') ?? '').split(/\s+/).filter(Boolean);
  return { ok: true, config: config as AnyEmbedConfiguration, trustedOrigins };
}
