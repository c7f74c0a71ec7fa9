// The fenced code blocks of a Markdown file, for the checks that keep docs/ working: the TypeScript
// type-check (check-doc-snippets.mjs) and the Chromium test of the HTML pages
// (examples/dev-kit/test/browser). Info string: a language, then tags — `no-check` opts a block out,
// `file=<name>` names the file a guide tells the reader to save.

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([^\s`]*)(.*)$/;

/**
 * The blocks whose language is one of `languages` and that are not tagged `no-check`:
 * `{ line, lang, file, code }`, where `line` is the 1-based line of the first line of code.
 */
export function extractSnippets(markdown, languages) {
  const lines = markdown.split('\n');
  const snippets = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang, rest] = open;
    const end = lines.findIndex(
      (l, j) => j > i && l.trim().startsWith(fence) && !l.trim().slice(fence.length).trim(),
    );
    const close = end === -1 ? lines.length : end;
    const tags = rest.trim().split(/\s+/).filter(Boolean);
    if (languages.includes(lang) && !tags.includes('no-check')) {
      const body = lines
        .slice(i + 1, close)
        .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l));
      const file = tags.find((t) => t.startsWith('file='))?.slice('file='.length);
      snippets.push({
        line: i + 2,
        lang: lang === 'tsx' ? 'tsx' : lang,
        file,
        code: body.join('\n'),
      });
    }
    i = close;
  }
  return snippets;
}
