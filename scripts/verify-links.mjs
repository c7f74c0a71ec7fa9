#!/usr/bin/env node
// `pnpm docs:check`: every relative link and image in the repository's Markdown must point at a file
// that exists (and, for `#anchors` into Markdown, at a heading that exists).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';

const files = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter(
    (f) =>
      f && !f.includes('node_modules/') && !f.startsWith('.changeset/') && !f.includes('CHANGELOG'),
  );

const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = (file) =>
  new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6}\s/.test(line))
      .map((line) => slug(line.replace(/^#+\s/, ''))),
  );

let broken = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^(https?:|mailto:)/.test(target)) continue;
    const [path, anchor] = target.split('#');
    const resolved = path ? resolve(dirname(file), path) : resolve(file);
    if (!existsSync(resolved)) {
      console.error(`${file}: broken link ${target}`);
      broken++;
      continue;
    }
    if (
      anchor &&
      resolved.endsWith('.md') &&
      statSync(resolved).isFile() &&
      !anchorsOf(resolved).has(anchor)
    ) {
      console.error(`${file}: missing anchor ${target}`);
      broken++;
    }
  }
}
if (broken) {
  console.error(`${broken} broken link(s) in ${files.length} Markdown files.`);
  process.exit(1);
}
console.log(`All links resolve in ${files.length} Markdown files.`);
