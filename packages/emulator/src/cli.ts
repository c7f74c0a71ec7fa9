#!/usr/bin/env node
import { optionsFromEnv } from './config.ts';
import { startEmulator } from './start-emulator.ts';

/**
 * `pnpm --filter @canopy/emulator start`: the emulator on http://localhost:5300 (PORT/HOST and
 * CANOPY_EMULATOR_* variables configure it). Prints what a host needs to connect.
 */
const port = Number(process.env.PORT ?? 5300);
const host = process.env.HOST ?? 'localhost';
const emulator = await startEmulator({
  ...optionsFromEnv(process.env),
  port,
  host,
  logger: process.env.CANOPY_EMULATOR_LOG === '1',
});
const { context } = emulator;
const lines = [
  `Canopy analytics emulator on ${emulator.url}`,
  `  data:          ${context.config.rows.toLocaleString('en-US')} sales rows (seed ${context.config.seed}, today ${context.config.today}) generated in ${Math.round(context.generationMs)} ms`,
  `  token URL:     ${emulator.tokenUrl}`,
  `  client:        ${emulator.clientId} / ${emulator.clientSecret}`,
  `  REST API:      ${emulator.apiUrl}`,
  `  workspace:     ${emulator.sample.groupId}`,
  `  sample report: ${emulator.sampleEmbedUrl}`,
  `  knobs:         ${emulator.url}/_emulator/admin/knobs`,
];
console.log(lines.join('\n'));

const stop = () => {
  void emulator.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
