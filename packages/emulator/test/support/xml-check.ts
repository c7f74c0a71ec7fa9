/**
 * A small XML well-formedness check for tests (no XML parser ships with Node): one root element,
 * tags nested and closed in order, attributes quoted and not repeated, `&` only in the five
 * predefined or numeric entities, no `<` in text. Returns the problems found, empty when well formed.
 */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const token =
    /<!--[\s\S]*?-->|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|([^<]+)|(<)/gy;
  const entity = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  let match: RegExpExecArray | null;
  while ((match = token.exec(body)) !== null) {
    const [, close, open, attributes = '', selfClosing, text, stray] = match;
    if (stray) {
      problems.push(
        `malformed markup at ${match.index}: ${body.slice(match.index, match.index + 40)}`,
      );
      break;
    }
    if (text !== undefined) {
      if (stack.length === 0 && text.trim() !== '') problems.push('text outside the root');
      if (entity.test(text)) problems.push(`bare & in text: ${text.slice(0, 40)}`);
    } else if (close) {
      const expected = stack.pop();
      if (expected !== close) problems.push(`</${close}> closes <${expected ?? 'nothing'}>`);
    } else if (open) {
      if (stack.length === 0) roots += 1;
      const names = [...attributes.matchAll(/([\w:.-]+)\s*=/g)].map(([, name]) => name);
      if (new Set(names).size !== names.length) problems.push(`<${open}> repeats an attribute`);
      if (entity.test(attributes)) problems.push(`bare & in attributes of <${open}>`);
      if (!selfClosing) stack.push(open);
    }
  }
  if (stack.length > 0) problems.push(`unclosed: ${stack.join(' > ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}
