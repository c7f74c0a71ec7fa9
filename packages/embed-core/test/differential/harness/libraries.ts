/**
 * The two libraries under comparison, as {@link LibModule}s.
 *
 * powerbi-client 2.23.1 is a UMD bundle with import-time side effects: evaluating it constructs a
 * global Service (which starts listening to `message` events on `window`) and writes `window.powerbi`.
 * That extra listener would answer every frame-initiated message a second time, so it is stopped and
 * the global removed before the scenario runs. The bundle is imported through a non-literal specifier
 * so that its ambient declarations (which augment `Window` with their own `powerbi` type) stay out of
 * this package's type-check program; test/types/ checks those declarations separately.
 */
import * as embedCore from '../../../src/index.ts';
import type { LibModule } from './api.ts';

export interface LoadedLibrary {
  name: 'powerbi-client' | 'embed-core';
  lib: LibModule;
}

const POWERBI_CLIENT = 'powerbi-client';

interface PowerBiGlobal {
  powerbi?: { wpmp?: { stop(): void } };
}

/** Imports powerbi-client 2.23.1 and neutralises the global Service it creates on import. */
export async function loadPowerBiClient(): Promise<LoadedLibrary> {
  const win = window as unknown as PowerBiGlobal;
  const before = win.powerbi;
  const mod = (await import(/* @vite-ignore */ POWERBI_CLIENT)) as Record<string, unknown>;
  // The UMD bundle is CommonJS to Node: its namespace is the `default` export.
  const lib = (mod.default ?? mod) as LibModule;
  const globalService = win.powerbi;
  if (!globalService || globalService === before) {
    throw new Error(
      'powerbi-client did not create its global Service in this window (was the module evaluated in another test file?)',
    );
  }
  globalService.wpmp?.stop();
  delete win.powerbi;
  return { name: 'powerbi-client', lib };
}

export function loadEmbedCore(): LoadedLibrary {
  return { name: 'embed-core', lib: embedCore as unknown as LibModule };
}
