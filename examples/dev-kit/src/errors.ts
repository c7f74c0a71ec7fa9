/** The dev-kit's error codes: what a developer running an example can act on. */
export const exampleErrorCodes = {
  /** CANOPY_EMULATOR_URL is not an http(s) URL. */
  BadEmulatorUrl: 'BadEmulatorUrl',
  /** Nothing answered at CANOPY_EMULATOR_URL within the wait. */
  EmulatorUnreachable: 'EmulatorUnreachable',
  /** The emulator answered, but not as the dev-kit needs (admin API off, wrong credentials…). */
  EmulatorRefused: 'EmulatorRefused',
} as const;

export type ExampleErrorCode = keyof typeof exampleErrorCodes;

export class ExampleError extends Error {
  readonly code: ExampleErrorCode;

  constructor(code: ExampleErrorCode, message: string) {
    super(message);
    this.name = 'ExampleError';
    this.code = code;
  }
}
