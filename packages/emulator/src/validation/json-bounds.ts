/**
 * Nesting bounds for JSON. Every request body is parsed and then measured here before any handler
 * sees it; no legitimate body (a report definition with filters is about 10 levels deep) comes near
 * the limit, while a 5,000-deep array would otherwise be stored and then break every serialization
 * of it. Both walks are iterative, so a deep value cannot exhaust the stack here either.
 */
export const maxJsonDepth = 32;

/** The nesting depth of a parsed JSON value (a scalar is 0, `[]` and `{}` are 1). */
export function jsonDepth(value: unknown, stopAbove = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > stopAbove) return deepest;
    for (const item of Array.isArray(node) ? node : Object.values(node))
      if (typeof item === 'object' && item !== null) stack.push([item, level]);
  }
  return deepest;
}

/**
 * A copy of `value` with everything nested deeper than `maxDepth` replaced by null. Reading uses
 * it, so a value that got too deep by any route (the in-process test kit writes to the catalogue
 * directly) is still served rather than failing every reader with a stack overflow.
 */
export function pruneDeep(value: unknown, maxDepth = maxJsonDepth): unknown {
  if (jsonDepth(value, maxDepth) <= maxDepth) return value;
  const copy = (node: unknown, depth: number): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    if (depth >= maxDepth) return null;
    if (Array.isArray(node)) return node.map((item) => copy(item, depth + 1));
    if (typeof (node as { toJSON?: unknown }).toJSON === 'function') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, item]) => [key, copy(item, depth + 1)]),
    );
  };
  return copy(value, 0);
}
