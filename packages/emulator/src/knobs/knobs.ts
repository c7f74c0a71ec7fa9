import { EmulatorError, errorCodes, type ErrorCode } from '../errors.ts';

/** Which part of the emulator a knob acts on. */
export type KnobArea = 'rest' | 'oauth' | 'internal';

/**
 * Fault injection for the portal's resilience tests. All counters are deterministic (no wall-clock
 * randomness): failureRate draws from a seeded generator, throttling counts requests.
 */
export interface Knobs {
  /** Delay added before every affected response. */
  latencyMs: number;
  /** Probability (0..1) that an affected request fails with failStatus. */
  failureRate: number;
  /** Fail exactly the next N affected requests (then decrements to 0). */
  failNext: number;
  /** Status of injected failures (default 500). */
  failStatus: number;
  /** Cloud error code of injected failures; default derived from failStatus. */
  failCode?: string;
  /** Every Nth affected request gets 429 with Retry-After; null turns throttling off. */
  throttle: { everyN: number; retryAfterSeconds: number } | null;
  /** Areas the knobs act on (default only the REST API). */
  areas: KnobArea[];
}

/** Every knob's name, in the order the docs list them (the admin API refuses others). */
export const knobKeys: readonly (keyof Knobs)[] = [
  'latencyMs',
  'failureRate',
  'failNext',
  'failStatus',
  'failCode',
  'throttle',
  'areas',
];

export const defaultKnobs = (): Knobs => ({
  latencyMs: 0,
  failureRate: 0,
  failNext: 0,
  failStatus: 500,
  throttle: null,
  areas: ['rest'],
});

const codeForStatus: Record<number, ErrorCode> = {
  400: 'BadRequest',
  401: 'PowerBINotAuthorizedException',
  403: 'TokenExpired',
  404: 'PowerBIEntityNotFound',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
};

/** What the knobs decided for one request. */
export type KnobDecision =
  { kind: 'pass' } | { kind: 'fail'; error: EmulatorError; retryAfterSeconds?: number };

/** A 32-bit seeded generator (mulberry32): deterministic "random" failures. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class KnobState {
  private knobs: Knobs = defaultKnobs();
  private counter = 0;
  private random: () => number;

  constructor(
    private readonly seed: number,
    initial: Partial<Knobs> = {},
  ) {
    this.random = seededRandom(seed);
    this.set(initial);
  }

  get(): Knobs {
    return structuredClone(this.knobs);
  }

  /** Merges a partial update after validating every field; throws BadRequest on bad values. */
  set(update: Partial<Knobs>): Knobs {
    const next = { ...this.knobs, ...update };
    validateKnobs(next);
    this.knobs = next;
    this.counter = 0;
    return this.get();
  }

  reset(): Knobs {
    this.knobs = defaultKnobs();
    this.counter = 0;
    this.random = seededRandom(this.seed);
    return this.get();
  }

  /** Applies latency and decides whether this request fails. */
  async apply(area: KnobArea): Promise<KnobDecision> {
    const knobs = this.knobs;
    if (!knobs.areas.includes(area)) return { kind: 'pass' };
    if (knobs.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, knobs.latencyMs));
    this.counter += 1;
    if (knobs.throttle && this.counter % knobs.throttle.everyN === 0) {
      const retryAfterSeconds = knobs.throttle.retryAfterSeconds;
      return {
        kind: 'fail',
        error: new EmulatorError(
          'TooManyRequests',
          `Too many requests, retry after ${retryAfterSeconds} seconds`,
        ),
        retryAfterSeconds,
      };
    }
    const forced = knobs.failNext > 0;
    if (forced) knobs.failNext -= 1;
    if (forced || (knobs.failureRate > 0 && this.random() < knobs.failureRate)) {
      return { kind: 'fail', error: this.injectedError(knobs) };
    }
    return { kind: 'pass' };
  }

  private injectedError(knobs: Knobs): EmulatorError {
    const code =
      (knobs.failCode as ErrorCode | undefined) ??
      codeForStatus[knobs.failStatus] ??
      'InternalServerError';
    const known = code in errorCodes ? code : 'InternalServerError';
    return new EmulatorError(known, `Injected failure (${knobs.failStatus})`, [], knobs.failStatus);
  }
}

function validateKnobs(knobs: Knobs): void {
  const fail = (message: string, target: string) =>
    new EmulatorError('BadRequest', message, [{ message, target }]);
  const isInt = (v: unknown, min: number, max: number) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
  if (!isInt(knobs.latencyMs, 0, 60_000))
    throw fail('latencyMs must be an integer from 0 to 60000', 'latencyMs');
  if (
    typeof knobs.failureRate !== 'number' ||
    !(knobs.failureRate >= 0 && knobs.failureRate <= 1)
  ) {
    throw fail('failureRate must be a number from 0 to 1', 'failureRate');
  }
  if (!isInt(knobs.failNext, 0, 1_000_000))
    throw fail('failNext must be a non-negative integer', 'failNext');
  if (!isInt(knobs.failStatus, 400, 599))
    throw fail('failStatus must be an HTTP error status (400-599)', 'failStatus');
  if (knobs.failCode !== undefined && !(knobs.failCode in errorCodes)) {
    throw fail(`failCode must be one of ${Object.keys(errorCodes).join(', ')}`, 'failCode');
  }
  if (knobs.throttle !== null) {
    if (typeof knobs.throttle !== 'object' || !isInt(knobs.throttle.everyN, 1, 1_000_000)) {
      throw fail('throttle.everyN must be a positive integer', 'throttle.everyN');
    }
    if (!isInt(knobs.throttle.retryAfterSeconds, 0, 3600)) {
      throw fail(
        'throttle.retryAfterSeconds must be an integer from 0 to 3600',
        'throttle.retryAfterSeconds',
      );
    }
  }
  const areas: KnobArea[] = ['rest', 'oauth', 'internal'];
  if (!Array.isArray(knobs.areas) || !knobs.areas.every((area) => areas.includes(area))) {
    throw fail(`areas must list some of ${areas.join(', ')}`, 'areas');
  }
}
