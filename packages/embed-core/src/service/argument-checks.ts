import { EmbedError, EmbedErrorCode } from '../errors.ts';

/**
 * Guards for the Service's entry points. The original read `element.powerBiEmbed` or `config.type`
 * straight away, so `embed(null, …)` or `embed(el, null)` surfaced as a TypeError from deep inside;
 * these name the argument instead. Valid input never reaches them, so compatibility is unaffected.
 */
export function assertElement(element: unknown, method: string): asserts element is HTMLElement {
  const node = element as Partial<HTMLElement> | null | undefined;
  if (
    !node ||
    typeof node !== 'object' ||
    typeof node.appendChild !== 'function' ||
    typeof node.getAttribute !== 'function'
  ) {
    throw new EmbedError(
      EmbedErrorCode.InvalidArgument,
      `service.${method}: the container must be an HTML element; received ${describe(element)}.`,
    );
  }
}

/** `undefined` is allowed where the original had a `= {}` default; anything else must be an object. */
export function assertConfig(config: unknown, method: string): void {
  if (config !== undefined) assertConfigObject(config, `service.${method}`);
}

/** `caller` names the entry point in the message, e.g. `service.embed` or `embedFromConfig`. */
export function assertConfigObject(config: unknown, caller: string): asserts config is object {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    throw new EmbedError(
      EmbedErrorCode.InvalidArgument,
      `${caller}: the embed configuration must be an object; received ${describe(config)}.`,
    );
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object that is not an element' : typeof value;
}
