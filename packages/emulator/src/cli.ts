#!/usr/bin/env node
import { parseCliArgs, helpText } from './cli/parse-cli-args.ts';
import { ConfigError } from './config.ts';
import { startEmulator, type RunningEmulator } from './start-emulator.ts';

/**
 * `canopy-emulator` (`npx @canopy/emulator`, `pnpm --filter @canopy/emulator start`): the emulator
 * on http://localhost:5300 until SIGINT or SIGTERM. Prints what a host needs to connect.
 */
async function main(): Promise<void> {
  const command = parseCliArgs(process.argv.slice(2), process.env);
  if (command.kind === 'help') {
    process.stdout.write(helpText);
    return;
  }
  // Listen for signals before anything is printed: whoever reads the banner may stop us at once.
  const running = stopOnSignals();
  const emulator = await startEmulator({ ...command.options, prebuildFrame: false });
  running.started(emulator);
  printBanner(emulator, command.options.dataDir);
}

function printBanner(emulator: RunningEmulator, dataDir: string | undefined): void {
  const { context } = emulator;
  const lines = [
    `Canopy analytics emulator on ${emulator.url}  (open it in a browser for everything below)`,
    `  data:          ${context.config.rows.toLocaleString('en-US')} sales rows (seed ${context.config.seed}, today ${context.config.today}) generated in ${Math.round(context.generationMs)} ms`,
    `  token URL:     ${emulator.tokenUrl}`,
    `  client:        ${emulator.clientId} / ${emulator.clientSecret}`,
    `  REST API:      ${emulator.apiUrl}`,
    `  workspace:     ${emulator.sample.groupId}`,
    `  sample report: ${emulator.sampleEmbedUrl}`,
    ...(context.config.adminApi
      ? [`  knobs:         ${emulator.url}/_emulator/admin/knobs`]
      : [
          '  admin API:     off (knobs closed; the client secret shows only on this machine); --admin-api on opens it',
        ]),
    ...(context.config.populateNewWorkspaces
      ? []
      : ['  new workspaces: empty (--empty: no sample reports, dataset or dashboard)']),
    ...(dataDir === undefined ? [] : [`  catalogue:     ${dataDir}`]),
    'Press Ctrl+C to stop.',
  ];
  console.log(lines.join('\n'));
}

/**
 * The first signal closes the server (open connections end, the catalogue is saved) and exits 0; a
 * second one while that runs exits at once, for a person pressing Ctrl+C twice. A signal during
 * start-up exits at once: nothing has been served or saved yet.
 */
function stopOnSignals(): { started(emulator: RunningEmulator): void } {
  let emulator: RunningEmulator | undefined;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping || !emulator) process.exit(stopping ? (signal === 'SIGINT' ? 130 : 143) : 0);
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('canopy-emulator: could not stop cleanly:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return { started: (value) => void (emulator = value) };
}

main().catch((error: unknown) => {
  const code = (error as { code?: string }).code;
  const message =
    error instanceof ConfigError
      ? error.message
      : code === 'EADDRINUSE'
        ? `the port is in use (${(error as Error).message}); choose another with --port`
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
  console.error(`canopy-emulator: ${message}`);
  process.exit(1);
});
