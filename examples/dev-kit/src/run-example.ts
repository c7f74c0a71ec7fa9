import { startExample, type ExampleOptions } from './start-example.ts';

/** `pnpm dev` of an example: starts everything, prints the URLs, stops on Ctrl+C. */
export async function runExample(name: string, options: ExampleOptions): Promise<void> {
  const example = await startExample(options);
  console.log(
    [
      `${name}: ${example.url}`,
      `  emulator:  ${example.emulator.url} (sample report ${example.emulator.sample.salesReportId})`,
      '  Ctrl+C to stop',
    ].join('\n'),
  );
  const stop = () => {
    void example.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
