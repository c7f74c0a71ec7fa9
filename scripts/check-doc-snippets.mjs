#!/usr/bin/env node
// `pnpm docs:check` (part 2): every TypeScript snippet in docs/ must type-check against the current
// sources, so the documentation cannot rot. A fenced block whose info string starts with `ts`,
// `tsx` or `typescript` is extracted to its own module and checked with tsc (strict, like the
// packages). Opt out with the `no-check` tag for partial or foreign snippets: ```ts no-check
// (see CONTRIBUTING.md). Each snippet is a module of its own; it must carry its imports.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractSnippets } from './doc-snippets.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Inside embed-react so that @canopy/embed-core, @canopy/emulator, react and react-dom resolve
// through the workspace links exactly as in a host app (sources via the @canopy/source condition).
const outDir = join(root, 'packages/embed-react/node_modules/.cache/doc-snippets');

const docs = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'docs'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((f) => f.endsWith('.md'));

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const origins = new Map();
let count = 0;
for (const doc of docs) {
  const markdown = readFileSync(join(root, doc), 'utf8');
  for (const snippet of extractSnippets(markdown, ['ts', 'tsx', 'typescript'])) {
    const name = `${doc.replace(/[^A-Za-z0-9]+/g, '_')}_L${snippet.line}.${snippet.lang === 'tsx' ? 'tsx' : 'ts'}`;
    // `export {}` makes every snippet a module, so two snippets never share top-level names.
    writeFileSync(join(outDir, name), `${snippet.code}\nexport {};\n`);
    origins.set(name, { doc, line: snippet.line });
    count++;
  }
}

writeFileSync(
  join(outDir, 'tsconfig.json'),
  JSON.stringify(
    {
      extends: relative(outDir, join(root, 'tsconfig.base.json')),
      compilerOptions: {
        types: ['node'],
        jsx: 'react-jsx',
        noUnusedLocals: false,
        noUnusedParameters: false,
        allowImportingTsExtensions: true,
      },
      include: ['*.ts', '*.tsx'],
    },
    null,
    2,
  ),
);

const tsc = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', outDir], { encoding: 'utf8' });
const output = `${tsc.stdout}${tsc.stderr}`.replace(
  /^([^\s(]+\.tsx?)\((\d+),(\d+)\)/gm,
  (match, file, line, col) => {
    const origin = origins.get(file.split('/').pop());
    return origin ? `${origin.doc}:${origin.line + Number(line) - 1}:${col}` : match;
  },
);
if (tsc.status !== 0) {
  console.error(output.trim());
  console.error(
    `\n✖ TypeScript snippets in docs/ do not type-check (${count} checked). Fix them, or tag a partial snippet \`\`\`ts no-check.`,
  );
  process.exit(1);
}
console.log(`✔ ${count} TypeScript snippets in docs/ type-check`);
