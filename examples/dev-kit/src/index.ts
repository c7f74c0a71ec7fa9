/** The examples' dev server: `runExample` for `pnpm dev`, `startExample` for the smoke tests. */
export { startExample, type ExampleOptions, type ExampleServer } from './start-example.ts';
export { runExample } from './run-example.ts';
export { openExample, type OpenedExample } from './open-example.ts';
export type { ExampleConfig } from './api-routes.ts';
export type { ExampleEmulator, EmbedToken } from './example-emulator.ts';
export { ExampleError, exampleErrorCodes, type ExampleErrorCode } from './errors.ts';
