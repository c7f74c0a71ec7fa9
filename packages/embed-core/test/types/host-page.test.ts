// @vitest-environment node
/**
 * Proves test/types/host-page.ts is genuine powerbi-client code: the same text, with only the import
 * specifier changed to 'powerbi-client', type-checks against powerbi-client 2.23.1's declarations
 * with this package's compiler options. (`pnpm typecheck` compiles the file itself against
 * '@canopy/embed-core'.) powerbi-client's declarations augment `Window` with their own `powerbi`
 * type, so they get a program of their own instead of joining the package's.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const hostPagePath = join(here, 'host-page.ts');
const source = readFileSync(hostPagePath, 'utf8');
const OURS = "'@canopy/embed-core'";
const ORIGINAL = "'powerbi-client'";

function compilerOptions(): ts.CompilerOptions {
  const configPath = join(here, '../../tsconfig.json');
  const config = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(configPath));
  return { ...parsed.options, noEmit: true };
}

/** Type-checks `text` as if it were a file next to host-page.ts; returns readable diagnostics. */
function typeCheck(text: string): string[] {
  const fileName = join(here, 'host-page.as-powerbi-client.ts');
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, onError, shouldCreate) =>
    name === fileName
      ? ts.createSourceFile(name, text, language)
      : getSourceFile(name, language, onError, shouldCreate);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return text;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${d.file.fileName}:${line + 1}:${character + 1} ${text}`;
  });
}

describe('host page written against powerbi-client', () => {
  it("imports only from '@canopy/embed-core'", () => {
    const specifiers = Array.from(source.matchAll(/from\s+('[^']+')/g), (m) => m[1]);
    expect(specifiers.length).toBeGreaterThan(0);
    expect(new Set(specifiers)).toEqual(new Set([OURS]));
  });

  it('type-checks against powerbi-client 2.23.1 with only the import specifier changed', () => {
    const asOriginal = source.replaceAll(OURS, ORIGINAL);
    expect(asOriginal).not.toContain('@canopy/embed-core');
    expect(typeCheck(asOriginal)).toEqual([]);
  }, 60_000);

  it('the check is real: a misuse of the powerbi-client API is reported', () => {
    const broken = `${source.replaceAll(OURS, ORIGINAL)}\nexport const wrong: number = powerbi.getSDKVersion();\n`;
    expect(typeCheck(broken).join('\n')).toMatch(
      /Type 'string' is not assignable to type 'number'/,
    );
  }, 60_000);
});
