import * as models from 'powerbi-models';
import type { VisualDefinition } from '../../contract.ts';
import { showDataTable } from '../render/data-table-view.ts';
import { downloadText } from '../render/download.ts';
import type { MenuItem } from '../render/menu.ts';
import { paletteOf } from '../render/palette.ts';
import { showStatusToast } from '../render/toast.ts';
import type { EmulatorApi } from '../api-client.ts';
import type { ReportState } from './report-state.ts';
import { queryVisual, toCsv } from './visual-data.ts';

type CommandName = 'seeData' | 'exportData';

/** What the menu needs from the report embed (the controller passes itself). */
export interface VisualMenuHost {
  readonly api: EmulatorApi;
  readonly state: ReportState;
  readonly isNew: boolean;
}

/**
 * How the host set a built-in command for this visual (`settings.commands`, the service's
 * ICommandsSettings): the last entry whose selector matches wins. Enabled unless told otherwise.
 */
function commandDisplay(
  settings: models.ISettings,
  visual: VisualDefinition,
  name: CommandName,
): models.CommandDisplayOption {
  let display = models.CommandDisplayOption.Enabled;
  const commands = Array.isArray(settings.commands) ? settings.commands : [];
  for (const entry of commands) {
    const command = entry[name];
    if (!command) continue;
    const selector = command.selector as { visualName?: string } | undefined;
    if (selector?.visualName !== undefined && selector.visualName !== visual.name) continue;
    display = command.displayOption;
  }
  return display;
}

const safeFileName = (title: string) => title.replace(/[^\w\- ]+/g, '').trim() || 'data';

/**
 * The built-in entries of a visual's ⋯ menu: "Show as a table" and "Export data" (summarized CSV of
 * what the visual shows, with its filters). Slicers have neither, like the service. Every token that
 * loads a report may read its data (View is the least it grants), so both follow the host's
 * `settings.commands`; the emulator still checks the token on the query each of them runs.
 */
export function visualDataMenuItems(host: VisualMenuHost, visual: VisualDefinition): MenuItem[] {
  if (visual.type === 'slicer') return [];
  const state = host.state;
  const page = state.activePage;
  const load = () =>
    queryVisual(
      {
        api: host.api,
        datasetId: state.definition.datasetId,
        ...(host.isNew ? {} : { reportId: state.definition.id }),
        onTokenExpired: () => undefined,
      },
      visual,
      state.effectiveFilters(page, visual),
      { page },
    );
  const failed = (what: string) => (error: unknown) =>
    showStatusToast(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  const items: MenuItem[] = [];
  const seeData = commandDisplay(state.settings, visual, 'seeData');
  if (seeData !== models.CommandDisplayOption.Hidden) {
    items.push({
      label: 'Show as a table',
      disabled: seeData === models.CommandDisplayOption.Disabled,
      onSelect: () => {
        load().then(
          (result) => showDataTable(visual, result, paletteOf(state.theme)),
          failed('Show as a table'),
        );
      },
    });
  }
  const exportData = commandDisplay(state.settings, visual, 'exportData');
  if (exportData !== models.CommandDisplayOption.Hidden) {
    items.push({
      label: 'Export data',
      disabled: exportData === models.CommandDisplayOption.Disabled,
      onSelect: () => {
        load().then(
          (result) => downloadText(`${safeFileName(visual.title)}.csv`, toCsv(result), 'text/csv'),
          failed('Export data'),
        );
      },
    });
  }
  return items;
}
