import type { SampleIds } from '@canopy/emulator';

/** An embed token as the example backend hands it to the page. */
export interface EmbedToken {
  token: string;
  expiration: string;
}

/**
 * What the example backend needs from an emulator, whether it runs in this process (smoke tests,
 * one example alone) or is shared over HTTP (`pnpm dev`, `CANOPY_EMULATOR_URL`).
 */
export interface ExampleEmulator {
  /** Base URL, no trailing slash. */
  url: string;
  /** Origin of the embed pages, for the page's `trustedOrigins`. */
  origin: string;
  /** True when the emulator runs in this process (and stops with it). */
  inProcess: boolean;
  sample: SampleIds;
  /** Embed URL of the sample "Sales Overview" report. */
  sampleEmbedUrl: string;
  /**
   * An embed token for the sample report. `lifetimeSeconds` asks for a short-lived one; see the
   * implementations for how close to the request the lifetime can be.
   */
  embedToken(lifetimeSeconds?: number): Promise<EmbedToken>;
  /** Stops an in-process emulator; a shared one is left running. */
  close(): Promise<void>;
}
