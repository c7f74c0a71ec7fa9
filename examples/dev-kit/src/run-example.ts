import { ExampleError } from './errors.ts';
import { startExample, type ExampleOptions } from './start-example.ts';

/**
 * `pnpm dev` of an example: starts everything, prints the URLs, stops on Ctrl+C. With
 * `CANOPY_EMULATOR_URL` set (the root `pnpm dev` sets it) it uses that emulator instead of
 * starting its own.
 */
export async function runExample(name: string, options: ExampleOptions): Promise<void> {
  const emulatorUrl = options.emulatorUrl ?? (process.env.CANOPY_EMULATOR_URL || undefined);
  if (emulatorUrl) console.log(`${name}: using the emulator at ${emulatorUrl}`);
  const example = await startExample({ ...options, ...(emulatorUrl ? { emulatorUrl } : {}) }).catch(
    (error: unknown) => {
      // A setup problem the developer can fix gets one clear line, not a stack trace.
      if (!(error instanceof ExampleError)) throw error;
      console.error(`${name}: ${error.message} [${error.code}]`);
      process.exit(1);
    },
  );
  const { emulator } = example;
  console.log(
    [
      `${name}: ${example.url}`,
      `  emulator:  ${emulator.url} (${emulator.inProcess ? 'in this process' : 'shared'}, sample report ${emulator.sample.salesReportId})`,
      '  Ctrl+C to stop',
    ].join('\n'),
  );
  const stop = () => {
    void example.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
