import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  DashboardRecord,
  DatasetRecord,
  ProfileRecord,
  ReportRecord,
  WorkspaceRecord,
} from './records.ts';
import type { Registry } from './registry.ts';

/** The catalogue as stored: plain JSON of every record, keyed by id. */
interface StoredCatalogue {
  version: 1;
  workspaces: WorkspaceRecord[];
  datasets: DatasetRecord[];
  reports: ReportRecord[];
  dashboards: DashboardRecord[];
  /** Service principal profiles (absent in catalogues saved before profiles existed). */
  profiles?: ProfileRecord[];
}

const fileName = 'catalogue.json';
const readOnlyPost = /\/GenerateToken\b|\/_emulator\/(query|qna|token)|\/ExportTo\b|\/oauth2\//;

/**
 * Keeps the catalogue (workspaces, datasets with their rows and refresh history, reports,
 * dashboards, service principal profiles) in `dir/catalogue.json`, so ids a host stored stay valid when the emulator restarts.
 * The file is small (definitions, not the generated sales data, which the seed recreates) and is
 * written whole, through a temporary file and a rename, so a crash never leaves half a file.
 */
export class CataloguePersistence {
  private readonly file: string;

  constructor(private readonly dir: string) {
    this.file = join(dir, fileName);
  }

  /** Replaces the registry's records with the stored ones, if a catalogue was saved before. */
  load(registry: Registry): boolean {
    if (!existsSync(this.file)) return false;
    const stored = JSON.parse(readFileSync(this.file, 'utf8')) as StoredCatalogue;
    if (stored.version !== 1) return false;
    registry.workspaces.clear();
    registry.datasets.clear();
    registry.reports.clear();
    registry.dashboards.clear();
    registry.profiles.clear();
    for (const workspace of stored.workspaces) registry.workspaces.set(workspace.id, workspace);
    for (const dataset of stored.datasets) registry.datasets.set(dataset.id, dataset);
    for (const report of stored.reports) registry.reports.set(report.definition.id, report);
    for (const dashboard of stored.dashboards) {
      registry.dashboards.set(dashboard.definition.id, dashboard);
    }
    for (const profile of stored.profiles ?? []) registry.profiles.set(profile.id, profile);
    return true;
  }

  private timer: NodeJS.Timeout | undefined;

  /**
   * After a request: a successful change schedules one save (changes within 250 ms share it).
   * POSTs that only read (GenerateToken, queries, Q&A, exports) do not count, so the embed hot
   * path never writes to disk.
   */
  noteRequest(method: string, url: string, status: number, registry: Registry): void {
    if (method === 'GET' || method === 'HEAD' || status >= 400 || readOnlyPost.test(url)) return;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.save(registry);
    }, 250);
    this.timer.unref();
  }

  /** Writes now (at close), cancelling a pending save. */
  flush(registry: Registry): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.save(registry);
  }

  save(registry: Registry): void {
    mkdirSync(this.dir, { recursive: true });
    const catalogue: StoredCatalogue = {
      version: 1,
      workspaces: [...registry.workspaces.values()],
      datasets: [...registry.datasets.values()],
      reports: [...registry.reports.values()],
      dashboards: [...registry.dashboards.values()],
      profiles: [...registry.profiles.values()],
    };
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(catalogue), { mode: 0o600 });
    renameSync(temporary, this.file);
  }
}
