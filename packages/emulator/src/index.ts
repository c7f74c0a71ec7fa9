/**
 * @canopy/emulator — a local stand-in for the analytics cloud service: the OAuth token endpoint,
 * the REST API subset, embed pages that speak the frame side of the embedding protocol, and real
 * reports over generated data in DuckDB.
 */
export { emulatorPlugin, type EmulatorPluginOptions } from './app.ts';
export {
  startEmulator,
  type RunningEmulator,
  type StartEmulatorOptions,
} from './start-emulator.ts';
export { createEmulatorContext, type EmulatorContext } from './context.ts';
export {
  xeroProvider,
  defaultXeroClient,
  xeroPaths,
  type XeroProviderOptions,
} from './xero/xero-provider.ts';
export type { XeroClient } from './xero/xero-store.ts';
export { pushedRows } from './rest/push-datasets.ts';
export {
  defaultClient,
  defaultTenantId,
  optionsFromEnv,
  resolveConfig,
  ConfigError,
  type EmulatorClient,
  type EmulatorOptions,
  type ResolvedConfig,
} from './config.ts';
export { mintEmbedToken, type MintTokenOptions, type MintedToken } from './test-kit.ts';
export type { Knobs, KnobArea } from './knobs/knobs.ts';
export { sampleIds, type SampleIds } from './reports/sample-ids.ts';
export { regions, countries, products } from './data/sample-dimensions.ts';
export { salesModel, type SemanticModel } from './data/semantic-model.ts';
export { interpretQuestion } from './query/qna.ts';
export { errorCodes, type ErrorCode } from './errors.ts';
export type { EffectiveIdentity } from './auth/claims.ts';
export type * from './contract.ts';
