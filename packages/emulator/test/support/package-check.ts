import { posix } from 'node:path';
import { xmlProblems } from './xml-check.ts';

/**
 * What an Office (OPC) package needs to open: [Content_Types].xml first, every XML part well formed,
 * every part with a content type, every relationship target present, every `r:id` a part uses
 * declared in its relationships, and a presentation that lists each slide once.
 */
export function packageProblems(parts: Map<string, Buffer>): string[] {
  const problems: string[] = [];
  const names = [...parts.keys()];
  if (names[0] !== '[Content_Types].xml') problems.push('[Content_Types].xml is not first');
  for (const [name, data] of parts) {
    if (/\.(xml|rels)$/.test(name)) {
      problems.push(...xmlProblems(data.toString('utf8')).map((problem) => `${name}: ${problem}`));
    }
  }
  const types = parts.get('[Content_Types].xml')?.toString('utf8') ?? '';
  const defaults = [...types.matchAll(/<Default Extension="([^"]+)"/g)].map(([, ext = '']) => ext);
  const overrides = [...types.matchAll(/<Override PartName="([^"]+)"/g)].map(
    ([, part = '']) => part,
  );
  for (const name of names.filter((part) => part !== '[Content_Types].xml')) {
    const typed =
      overrides.includes(`/${name}`) || defaults.includes(name.slice(name.lastIndexOf('.') + 1));
    if (!typed) problems.push(`${name} has no content type`);
  }
  for (const override of overrides) {
    if (!parts.has(override.slice(1))) problems.push(`content type for missing ${override}`);
  }
  for (const [name, data] of parts) {
    const match = /^(.*?)_rels\/([^/]*)\.rels$/.exec(name);
    if (!match) continue;
    const [, folder = '', source = ''] = match;
    const rels = data.toString('utf8');
    const ids = new Set<string>();
    for (const [, id = '', target = ''] of rels.matchAll(/Id="([^"]+)"[^>]*Target="([^"]+)"/g)) {
      ids.add(id);
      const resolved = posix.normalize(posix.join(folder, target));
      if (!parts.has(resolved)) problems.push(`${name}: ${id} → missing ${resolved}`);
    }
    const sourceXml = parts.get(`${folder}${source}`)?.toString('utf8') ?? '';
    for (const [, id = ''] of sourceXml.matchAll(/r:id="([^"]+)"/g)) {
      if (!ids.has(id)) problems.push(`${folder}${source}: ${id} not in its relationships`);
    }
  }
  const presentation = parts.get('ppt/presentation.xml')?.toString('utf8') ?? '';
  const slides = names.filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name));
  const listed = presentation.match(/<p:sldId /g)?.length ?? 0;
  if (listed !== slides.length) problems.push(`${listed} slides listed, ${slides.length} present`);
  return problems;
}
