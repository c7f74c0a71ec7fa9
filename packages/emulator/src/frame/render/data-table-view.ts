import type { QueryResult, VisualDefinition } from '../../contract.ts';
import { renderChart } from './chart-body.ts';
import { h } from './dom.ts';
import type { Palette } from './palette.ts';
import { renderTable } from './table-body.ts';
import type { BodyContext, RenderedBody } from './visual-body.ts';

let open: { element: HTMLElement; close: () => void } | undefined;

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') open?.close();
});

/** Closes the data view if one is open (the report is drawn again, or loads anew). */
export function closeDataTable(): void {
  open?.close();
}

const chartTypes = new Set([
  'clusteredColumnChart',
  'clusteredBarChart',
  'lineChart',
  'pieChart',
  'donutChart',
]);

/**
 * "Show as a table": the visual's data as a table over the report, with a way back, like the
 * service's focus view of a visual's data. One at a time; Escape or "Back to report" closes it.
 */
export function showDataTable(
  visual: VisualDefinition,
  result: QueryResult,
  palette: Palette,
  onClose?: () => void,
): void {
  open?.close();
  const chart = chartTypes.has(visual.type) ? h('div', { class: 'cv-data-view-chart' }) : null;
  const body = h('div', { class: 'cv-data-view-body' });
  let drawn: RenderedBody | undefined;
  const close = () => {
    drawn?.dispose();
    element.remove();
    if (open?.element === element) open = undefined;
    onClose?.();
  };
  const element = h(
    'div',
    {
      class: 'cv-data-view',
      role: 'dialog',
      'aria-modal': 'true',
      'aria-label': `${visual.title}: data`,
    },
    h(
      'header',
      { class: 'cv-data-view-header' },
      h('button', { type: 'button', class: 'cv-button', onclick: close }, '‹ Back to report'),
      h('h2', {}, visual.title),
      h(
        'span',
        { class: 'cv-muted' },
        `${result.rows.length.toLocaleString('en-US')} rows${result.truncated ? ' (truncated)' : ''}`,
      ),
    ),
    chart,
    body,
  );
  document.body.append(element);
  open = { element, close };
  const noop = () => undefined;
  // Display only: clicks select nothing here.
  const context: BodyContext = {
    visual,
    result,
    palette,
    selectedValue: undefined,
    slicerValues: [],
    onDataPoint: noop,
    onSlicerChange: noop,
    onContextMenu: (event) => event.preventDefault(),
  };
  // The visual above its data, as the service's "Show as a table" lays them out.
  if (chart) drawn = renderChart(chart, context);
  // The same table as a table visual shows: readable columns, totals, numbers right-aligned.
  renderTable(body, { ...context, visual: { ...visual, type: 'tableEx' } });
  element.querySelector<HTMLButtonElement>('button')?.focus();
}
