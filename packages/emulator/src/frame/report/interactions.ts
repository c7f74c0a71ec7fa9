import * as models from 'powerbi-models';
import type { BookmarkDefinition, VisualDefinition } from '../../contract.ts';
import { h } from '../render/dom.ts';
import { showMenu, type MenuItem } from '../render/menu.ts';
import type { DataPoint } from '../render/visual-body.ts';
import { visualDataMenuItems } from './visual-menu-items.ts';
import { applyBookmarkByName } from './bookmarks.ts';
import { basicInFilter } from './filters.ts';
import { addPage, save, saveAs } from './persistence.ts';
import type { ReportHost } from './report-host.ts';

/** The ISelection payload of dataSelected / selectionChanged. */
function selectionPayload(
  controller: ReportHost,
  visual: VisualDefinition,
  point: DataPoint | undefined,
  filters: models.IFilter[],
) {
  const state = controller.state;
  return {
    report: controller.reportInfo(),
    page: state.pageInfo(state.currentPage()),
    visual: state.visualInfo(state.activePage, visual),
    dataPoints: point
      ? [
          {
            identity: [
              {
                target: { table: point.column.table, column: point.column.column },
                equals: point.value,
              },
            ],
            values: point.values.map((v) => ({
              target: { table: point.column.table, column: v.name },
              value: v.value,
              formattedValue: v.value === null ? '' : String(v.value),
            })),
          },
        ]
      : [],
    regions: [],
    filters,
  };
}

/** A click on a data point cross-filters the page; clicking it again (or empty space) clears it. */
export function selectDataPoint(
  controller: ReportHost,
  visual: VisualDefinition,
  point: DataPoint | undefined,
): void {
  const state = controller.state;
  const previous = state.selection;
  if (!point || (previous?.visual === visual.name && previous.value === point.value)) {
    if (!previous) return;
    state.selection = undefined;
    const payload = selectionPayload(controller, visual, undefined, []);
    controller.events.emit('dataSelected', payload);
    controller.events.emit('selectionChanged', payload);
  } else {
    const filter = basicInFilter(point.column, [point.value]);
    state.selection = { page: state.activePage, visual: visual.name, filter, value: point.value };
    const payload = selectionPayload(controller, visual, point, [filter]);
    controller.events.emit('dataSelected', payload);
    controller.events.emit('selectionChanged', payload);
  }
  controller.rerender();
}

export function changeSlicer(
  controller: ReportHost,
  visual: VisualDefinition,
  values: (string | number)[],
): void {
  const state = controller.state;
  if (!visual.target) return;
  const filters = values.length > 0 ? [basicInFilter(visual.target, values)] : [];
  state.setSlicerState(state.activePage, visual.name, { filters, targets: [{ ...visual.target }] });
  controller.events.emit('dataSelected', selectionPayload(controller, visual, undefined, filters));
  controller.rerender();
}

function commandApplies(command: models.ICommandExtension, visual: VisualDefinition): boolean {
  const selector = command.selector as { visualName?: string; visualType?: string } | undefined;
  if (!selector) return true;
  if (selector.visualName !== undefined) return selector.visualName === visual.name;
  if (selector.visualType !== undefined) return selector.visualType === visual.type;
  return true;
}

function commandsOf(settings: models.ISettings): models.ICommandExtension[] {
  const extensions = settings.extensions;
  if (!extensions) return [];
  if (Array.isArray(extensions)) return extensions.flatMap((e) => (e.command ? [e.command] : []));
  return extensions.commands ?? [];
}

/** Options (⋯) and context menus list the host's custom commands; choosing one posts commandTriggered. */
export function showVisualMenu(
  controller: ReportHost,
  visual: VisualDefinition,
  kind: 'options' | 'context',
  x: number,
  y: number,
  point?: DataPoint,
): void {
  const state = controller.state;
  const point_ = kind === 'context' ? point : undefined;
  const items: MenuItem[] = commandsOf(state.settings)
    .filter((command) => commandApplies(command, visual))
    .filter(
      (command) =>
        (kind === 'options'
          ? command.extend.visualOptionsMenu
          : command.extend.visualContextMenu) !== undefined,
    )
    .map((command) => ({
      label:
        (kind === 'options'
          ? command.extend.visualOptionsMenu?.title
          : command.extend.visualContextMenu?.title) ?? command.title,
      onSelect: () => {
        const selection = selectionPayload(controller, visual, point_, []);
        controller.events.emit('commandTriggered', {
          command: command.name,
          title: command.title,
          visual: selection.visual,
          page: selection.page,
          report: selection.report,
          dataPoints: selection.dataPoints,
          menuLocation: kind === 'options' ? 'visualOptionsMenu' : 'visualContextMenu',
        });
      },
    }));
  // The ⋯ menu starts with the built-in data commands; the host's commands follow in their group.
  const builtIns = kind === 'options' ? visualDataMenuItems(controller, visual) : [];
  const custom = items.map((item, index) => (index === 0 ? { ...item, separated: true } : item));
  showMenu(
    x,
    y,
    [...builtIns, ...custom],
    `${visual.title} ${kind === 'options' ? 'options' : 'context'} menu`,
  );
}

export function pressBookmarkButton(controller: ReportHost, bookmark: BookmarkDefinition): void {
  controller.events.emit('buttonClicked', {
    id: bookmark.name,
    title: bookmark.displayName,
    type: 'Bookmark',
    bookmark: bookmark.name,
  });
  applyBookmarkByName(controller.state, bookmark.name);
  controller.events.emit('bookmarkApplied', {
    bookmarkName: bookmark.name,
    bookmarkDisplayName: bookmark.displayName,
  });
  controller.rerender();
}

/** A small name prompt for Save as (used when the host did not ask for its own dialog). */
function promptName(initial: string, onName: (name: string) => void): void {
  const input = h('input', {
    type: 'text',
    name: 'name',
    value: initial,
    'aria-label': 'Report name',
    required: true,
  });
  const dialog = h('div', { class: 'cv-dialog', role: 'dialog', 'aria-label': 'Save as' });
  const form = h(
    'form',
    {},
    h('label', {}, 'Save this report as', input),
    h(
      'div',
      {},
      h('button', { type: 'submit', class: 'cv-button cv-button-primary' }, 'Save'),
      ' ',
      h('button', { type: 'button', class: 'cv-button', onclick: () => dialog.remove() }, 'Cancel'),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    dialog.remove();
    onName(input.value.trim());
  });
  dialog.append(form);
  document.body.append(dialog);
  input.select();
}

export function toolbarAction(
  controller: ReportHost,
  action: 'save' | 'saveAs' | 'addPage' | 'view' | 'edit',
): void {
  const state = controller.state;
  const report = (promise: Promise<unknown>) =>
    promise.catch((error: unknown) =>
      controller.events.emit(
        'error',
        (error as { body?: unknown }).body ?? { message: String(error) },
      ),
    );
  switch (action) {
    case 'save':
      if (controller.isNew) return toolbarAction(controller, 'saveAs');
      void report(save(controller));
      return;
    case 'saveAs':
      if (state.settings.useCustomSaveAsDialog) {
        controller.events.emit('saveAsTriggered', {});
        return;
      }
      promptName(state.definition.name, (name) => void report(saveAs(controller, { name })));
      return;
    case 'addPage':
      addPage(controller, undefined);
      return;
    case 'view':
    case 'edit':
      state.viewMode = action === 'edit' ? models.ViewMode.Edit : models.ViewMode.View;
      controller.rerender();
  }
}
