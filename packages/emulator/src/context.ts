import { TokenService } from './auth/token-service.ts';
import { resolveConfig, type EmulatorOptions, type ResolvedConfig } from './config.ts';
import { AnalyticsDatabase } from './data/database.ts';
import { salesTable } from './data/generate-sales.ts';
import { KnobState } from './knobs/knobs.ts';
import { sampleIds, type SampleIds } from './reports/sample-ids.ts';
import { Registry } from './state/registry.ts';
import { appPrincipal, seedWorkspaceContent } from './state/seed.ts';

/**
 * Everything one emulator instance holds: configuration, the DuckDB data, the catalogue, the token
 * service and the fault-injection knobs. The Fastify plugin and the in-process test kit share it.
 */
export interface EmulatorContext {
  config: ResolvedConfig;
  database: AnalyticsDatabase;
  registry: Registry;
  tokens: TokenService;
  knobs: KnobState;
  sample: SampleIds;
  /** Physical table behind every dataset (all datasets are views of the generated sales data). */
  table: string;
  /** Data generation time in milliseconds (reported by the CLI and the benchmark). */
  generationMs: number;
  close(): void;
}

export async function createEmulatorContext(
  options: EmulatorOptions = {},
): Promise<EmulatorContext> {
  const config = resolveConfig(options);
  const started = performance.now();
  const database = await AnalyticsDatabase.create(
    { rows: config.rows, seed: config.seed, today: config.today },
    { memoryMb: config.engineMemoryMb, threads: config.engineThreads },
  );
  const generationMs = performance.now() - started;
  const registry = new Registry();
  const [owner] = config.clients;
  const workspace = registry.createWorkspace(
    'Canopy Samples',
    appPrincipal(owner?.clientId ?? '', owner?.displayName),
    sampleIds.groupId,
  );
  // Every configured client may use the sample workspace.
  for (const client of config.clients.slice(1))
    workspace.users.push(appPrincipal(client.clientId, client.displayName));
  seedWorkspaceContent(registry, sampleIds.groupId, sampleIds, owner?.clientId ?? '', config.now());
  return {
    config,
    database,
    registry,
    tokens: new TokenService(config.tokenSecret, config.issuer, config.tenantId, config.now),
    knobs: new KnobState(config.seed, config.knobs),
    sample: { ...sampleIds },
    table: salesTable,
    generationMs,
    close: () => database.close(),
  };
}
