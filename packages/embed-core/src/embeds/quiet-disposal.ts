import { EmbedErrorCode, isEmbedError } from '../errors.ts';

const noop = () => {};

const isDisposed = (reason: unknown) =>
  isEmbedError(reason) && reason.code === EmbedErrorCode.Disposed;

/**
 * The promise a caller gets from an API method, made so that a `Disposed` rejection (the component
 * was reset or the Service destroyed while the call was pending) is not reported as unhandled when
 * nobody observes it. `report.setPage('x')` without `await`, cut short by navigating away, must not
 * raise an error-monitoring alert in the host app: the host ended the call itself.
 *
 * A caller who awaits or attaches a handler still receives the rejection: the promise still
 * rejects, it is only marked as handled (a no-op reaction is attached while it is still pending, so
 * the runtime never queues it as unhandled). Every other failure stays unhandled as before.
 */
export function quietWhenDisposed<T>(promise: Promise<T>): Promise<T> {
  const observed: Promise<T> = promise.then(undefined, (reason: unknown) => {
    // `observed` is still pending here: the reaction marks it handled before it rejects.
    if (isDisposed(reason)) observed.catch(noop);
    throw reason;
  });
  return observed;
}

/** How many wrapped methods are running synchronously right now (see the wrapper). */
let depth = 0;

/**
 * Wraps every method a class declares itself (inherited ones are wrapped where they are declared):
 * those that return a promise return it through {@link quietWhenDisposed}. Name and arity stay.
 */
export function quietDisposalOf(type: { prototype: object }): void {
  const prototype = type.prototype as Record<string, unknown>;
  for (const key of Object.getOwnPropertyNames(prototype)) {
    if (key === 'constructor') continue;
    const descriptor = Object.getOwnPropertyDescriptor(prototype, key);
    const method: unknown = descriptor?.value;
    if (!descriptor || typeof method !== 'function') continue;
    const call = method as (...values: unknown[]) => unknown;
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      // A method called by another one (getPages → request) returns into its caller's promise:
      // only the outermost call, the one a host made, needs the extra promise.
      if (depth > 0) return call.apply(this, args);
      depth++;
      let result: unknown;
      try {
        result = call.apply(this, args);
      } finally {
        depth--;
      }
      return result instanceof Promise ? quietWhenDisposed(result) : result;
    };
    Object.defineProperty(wrapped, 'name', { value: method.name });
    Object.defineProperty(wrapped, 'length', { value: method.length });
    Object.defineProperty(prototype, key, { ...descriptor, value: wrapped });
  }
}
