/**
 * Turns what a library produced into plain, comparable JSON.
 *
 * Volatile values (component uniqueIds, the Service's sdkSessionId, message tracking ids) are random
 * per run, so each distinct one is mapped to a stable placeholder, per library. Component ids are
 * named after the scenario slot that owns them (`<uid:r1>`), so a deliberate extra or missing id in
 * one step cannot renumber every later step; tracking ids are numbered per step in order of first
 * appearance (`<msg#1>`); anything else in order of first appearance (`<uid#3>`).
 */

export type IdKind = 'uid' | 'session' | 'msg';

const TOKEN_CHAR = 'A-Za-z0-9';

export class VolatileIds {
  private readonly names = new Map<string, string>();
  private readonly used = new Set<string>();
  private readonly counters = new Map<string, number>();
  private stepIds = new Set<string>();
  private pattern: RegExp | undefined;

  /** Starts a step: tracking ids are numbered per step. */
  beginStep(): void {
    for (const value of this.stepIds) this.names.delete(value);
    this.stepIds = new Set();
    this.counters.set('msg', 0);
    this.pattern = undefined;
  }

  /** Gives `value` a placeholder unless it already has one. */
  register(value: unknown, kind: IdKind, label?: string): void {
    if (typeof value !== 'string' || value.length === 0 || this.names.has(value)) return;
    let name: string;
    if (label !== undefined) {
      name = `<${kind}:${label}>`;
      for (let n = 2; this.used.has(name); n++) name = `<${kind}:${label}~${n}>`;
    } else {
      const n = (this.counters.get(kind) ?? 0) + 1;
      this.counters.set(kind, n);
      name = `<${kind}#${n}>`;
    }
    this.used.add(name);
    this.names.set(value, name);
    if (kind === 'msg') this.stepIds.add(value);
    this.pattern = undefined;
  }

  /** Replaces every known id in `text`, whole strings and ids embedded in URLs, HTML or JSON text. */
  replace(text: string): string {
    const exact = this.names.get(text);
    if (exact) return exact;
    if (this.names.size === 0) return text;
    this.pattern ??= new RegExp(
      `(?<![${TOKEN_CHAR}])(${[...this.names.keys()]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join('|')})(?![${TOKEN_CHAR}])`,
      'g',
    );
    return text.replace(this.pattern, (match) => this.names.get(match) ?? match);
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface EmbedShape {
  config: { uniqueId?: unknown };
  element: unknown;
  service: unknown;
}

export function isEmbed(value: unknown): value is EmbedShape {
  return (
    typeof value === 'object' &&
    value !== null &&
    'config' in value &&
    'element' in value &&
    'service' in value
  );
}

function isService(value: object): boolean {
  return 'hpm' in value && 'wpmp' in value && 'router' in value;
}

function className(value: object): string | undefined {
  const proto = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
  if (!proto || proto === Object.prototype) return undefined;
  return proto.constructor?.name || 'anonymous';
}

/** Marker for `undefined`: key presence is wire-visible (structured clone keeps such keys). */
export const UNDEFINED = '<undefined>';

/**
 * Plain JSON of any value a step produced: class instances keep their class name (`$class`),
 * components become `$embed` (top level) or `$ref` (nested back-references such as `page.report`),
 * errors become `$error` with their own enumerable fields.
 */
export function toPlain(
  value: unknown,
  ids: VolatileIds,
  depth = 0,
  seen = new Set<object>(),
): unknown {
  if (value === undefined) return UNDEFINED;
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return ids.replace(value);
  if (typeof value === 'function') return '<function>';
  if (typeof value === 'symbol' || typeof value === 'bigint') return value.toString();
  if (Object.prototype.toString.call(value) === '[object Date]') {
    return { $date: (value as Date).toISOString() };
  }
  if (typeof Node !== 'undefined' && value instanceof Node) {
    return `<node ${value.nodeName.toLowerCase()}>`;
  }
  if (seen.has(value)) return '<cycle>';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => toPlain(v, ids, depth + 1, seen));
    if (value instanceof Error) {
      const out: Record<string, unknown> = {
        $error: value.name,
        message: ids.replace(value.message),
      };
      for (const [k, v] of Object.entries(value)) {
        if (k !== 'stack') out[k] = toPlain(v, ids, depth + 1, seen);
      }
      return out;
    }
    if (isService(value)) return '<service>';
    if (isEmbed(value)) {
      const cls = className(value);
      const uid = toPlain(value.config.uniqueId, ids, depth + 1, seen);
      if (depth > 0) return { $ref: cls, uid };
      const { allowedEvents } = value as { allowedEvents?: unknown };
      return {
        $embed: cls,
        config: toPlain(value.config, ids, depth + 1, seen),
        allowedEvents: toPlain(allowedEvents, ids, depth + 1, seen),
      };
    }
    const out: Record<string, unknown> = {};
    const cls = className(value);
    if (cls) out.$class = cls;
    for (const [k, v] of Object.entries(value)) out[k] = toPlain(v, ids, depth + 1, seen);
    return out;
  } finally {
    seen.delete(value);
  }
}
