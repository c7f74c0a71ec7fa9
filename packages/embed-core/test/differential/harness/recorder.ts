/**
 * Runs a scenario against one library and records, step by step, everything observable from outside:
 * the wire messages the frames received, the step's outcome, events delivered to handlers, replies
 * to frame-initiated requests, the DOM under <body> and the library's console diagnostics.
 */
import { vi } from 'vitest';
import { FakeFrameHarness } from '../../support/fake-frame.ts';
import { isEmbed, toPlain, VolatileIds } from './normalize.ts';
import { ScenarioContext } from './context.ts';
import type { LoadedLibrary } from './libraries.ts';
import { ScriptedApp } from './scripted-app.ts';

export interface Step {
  /** Stable, unique id (`area.what`), used in the allow-list and in failure messages. */
  id: string;
  run(ctx: ScenarioContext): unknown;
}

export type Outcome =
  { kind: 'return' | 'resolve' | 'reject' | 'throw'; value: unknown } | { kind: 'pending' };

export interface StepRecord {
  id: string;
  result: Outcome;
  wire: unknown[];
  /** The `postMessage` target origin of each wire message, with the origin of the frame it went to. */
  targetOrigins: Array<{ targetOrigin: string; frameOrigin: string }>;
  events: unknown[];
  replies: unknown[];
  dom: string[];
  console: string[];
}

export type Aspect = Exclude<keyof StepRecord, 'id'>;
export const ASPECTS: Aspect[] = [
  'result',
  'wire',
  'events',
  'replies',
  'dom',
  'console',
  'targetOrigins',
];

/** Lets queued timers run: frame answers, iframe `load` events, event re-dispatch, hooks. */
async function settle(rounds = 8): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

const PENDING = Symbol('pending');
const CONSOLE_METHODS = ['debug', 'log', 'warn', 'error'] as const;
/** happy-dom's own notice for every iframe; not library output. */
const IGNORED_CONSOLE = /Iframe page loading is disabled/;
/** Each step starts one second after the previous one, so the 100 ms load throttle acts the same. */
const STEP_INTERVAL_MS = 1000;
const START_TIME = Date.UTC(2026, 0, 1);

export async function runScenario(
  library: LoadedLibrary,
  steps: readonly Step[],
): Promise<Map<string, StepRecord>> {
  document.body.innerHTML = '';
  const app = new ScriptedApp();
  const harness = new FakeFrameHarness(app.handle).install();
  const ctx = new ScenarioContext(library.lib, harness, app);
  const ids = new VolatileIds();
  const records = new Map<string, StepRecord>();
  const consoleLines: string[] = [];
  const originals = CONSOLE_METHODS.map((m) => [m, console[m]] as const);
  for (const method of CONSOLE_METHODS) {
    console[method] = (...args: unknown[]) => {
      const text = args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
      if (!IGNORED_CONSOLE.test(text)) consoleLines.push(`${method}: ${text}`);
    };
  }
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    for (const [index, step] of steps.entries()) {
      vi.setSystemTime(START_TIME + index * STEP_INTERVAL_MS);
      harness.clear();
      harness.replyLog.length = 0;
      ctx.events.length = 0;
      ctx.posts.length = 0;
      consoleLines.length = 0;
      ids.beginStep();

      const outcome = await runStep(step, ctx);
      await settle();

      registerIds(ctx, harness, ids);
      records.set(step.id, {
        id: step.id,
        result:
          outcome.kind === 'pending'
            ? outcome
            : { kind: outcome.kind, value: toPlain(outcome.value, ids) },
        wire: harness.log.map(({ frame, message }) =>
          toPlain(
            {
              frame: frameName(frame.iframe),
              method: message.method,
              url: message.url,
              headers: message.headers,
              ...('body' in message ? { body: message.body } : {}),
            },
            ids,
          ),
        ),
        targetOrigins: harness.log.map((p) => ({
          targetOrigin: ids.replace(p.targetOrigin),
          frameOrigin: p.frame.origin,
        })),
        events: ctx.events.map((e) => toPlain(e, ids)),
        replies: ctx.posts.map((post) =>
          toPlain(
            {
              from: post.from,
              url: post.url,
              replies: harness.replyLog
                .filter((r) => r.id === post.id)
                .map((r) => withoutTrackingId(r.message)),
            },
            ids,
          ),
        ),
        dom: Array.from(document.body.children, (child) => ids.replace(child.outerHTML)),
        console: consoleLines.map((line) => ids.replace(line)),
      });
    }
  } finally {
    vi.useRealTimers();
    for (const [method, fn] of originals) console[method] = fn;
    for (const svc of ctx.services.values()) svc.wpmp.stop();
    harness.uninstall();
    document.body.innerHTML = '';
  }
  return records;
}

async function runStep(
  step: Step,
  ctx: ScenarioContext,
): Promise<
  { kind: 'return' | 'resolve' | 'reject' | 'throw'; value: unknown } | { kind: 'pending' }
> {
  let value: unknown;
  try {
    value = step.run(ctx);
  } catch (error) {
    return { kind: 'throw', value: error };
  }
  if (!isThenable(value)) return { kind: 'return', value };
  const settled = Promise.resolve(value).then(
    (v) => ({ kind: 'resolve' as const, value: v }),
    (e: unknown) => ({ kind: 'reject' as const, value: e }),
  );
  const result = await Promise.race([settled, settle(12).then(() => PENDING)]);
  return result === PENDING ? { kind: 'pending' } : (result as { kind: 'resolve'; value: unknown });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** Registers this step's volatile ids: owners first (so they get named placeholders), then the rest. */
function registerIds(ctx: ScenarioContext, harness: FakeFrameHarness, ids: VolatileIds): void {
  for (const [name, svc] of ctx.services) ids.register(svc.getSdkSessionId(), 'session', name);
  for (const [name, value] of ctx.slots) {
    if (isEmbed(value)) ids.register(value.config.uniqueId, 'uid', name);
  }
  for (const { message } of harness.log) {
    ids.register(message.headers.id, 'msg');
    ids.register(message.headers.uid, 'uid');
    ids.register(message.headers.sdkSessionId, 'session');
  }
  for (const iframe of Array.from(document.querySelectorAll('iframe'))) {
    const uid = /[?&]uid=([^&]+)/.exec(iframe.getAttribute('src') ?? '')?.[1];
    ids.register(uid, 'uid');
  }
}

/** Replies carry the frame's own request id in `headers.id`; it says nothing about the library. */
function withoutTrackingId(message: unknown): unknown {
  if (typeof message !== 'object' || message === null) return message;
  const { headers, ...rest } = message as { headers?: Record<string, unknown> };
  if (!headers) return rest;
  const { id: _id, ...otherHeaders } = headers;
  return { ...rest, headers: otherHeaders };
}

/** Names a frame by its container's `data-name` (preload frames sit directly in <body>). */
function frameName(iframe: HTMLIFrameElement): string {
  const parent = iframe.parentElement;
  if (!parent) return '<detached>';
  return parent.getAttribute('data-name') ?? `<${parent.tagName.toLowerCase()}>`;
}
