import { h } from './dom.ts';
import { columnFormats, formatCompact, formatValue } from './format.ts';
import {
  groupCount,
  measureLabel,
  pointOf,
  type BodyContext,
  type RenderedBody,
} from './visual-body.ts';

const noop = { dispose: () => undefined, resize: () => undefined };

/** A table: one row per result row; clicking a row selects its first category. */
export function renderTable(host: HTMLElement, context: BodyContext): RenderedBody {
  const { visual, result, palette, selectedValue } = context;
  const groups = groupCount(visual);
  const header = h(
    'tr',
    {},
    ...result.columns.map((column, i) =>
      h(
        'th',
        { scope: 'col', class: column.type === 'number' ? 'num' : undefined },
        i >= groups ? measureLabel(visual, i - groups, column.name) : column.name,
      ),
    ),
  );
  const formats = columnFormats(result.columns, result.rows);
  const format = (value: string | number | null, index: number) =>
    (formats[index] ?? formatValue)(value);
  const rows = result.rows.map((row, rowIndex) => {
    const selected = selectedValue !== undefined && row[0] === selectedValue;
    const dimmed = selectedValue !== undefined && !selected;
    const tr = h(
      'tr',
      { class: dimmed ? 'dimmed' : selected ? 'selected' : undefined, 'data-row': rowIndex },
      ...row.map((value, index) => {
        const text = format(value, index);
        // Long text is cut with an ellipsis to keep columns readable; the full value is the tooltip.
        return typeof value === 'number'
          ? h('td', { class: 'num' }, text)
          : h('td', { class: 'text', title: text }, text);
      }),
    );
    tr.addEventListener('click', () => context.onDataPoint(pointOf(visual, result, rowIndex)));
    tr.addEventListener('contextmenu', (event) =>
      context.onContextMenu(event, pointOf(visual, result, rowIndex)),
    );
    return tr;
  });
  const totals = result.columns.map((_, i) =>
    i >= groups && result.columns[i]?.type === 'number'
      ? result.rows.reduce((sum, row) => sum + (typeof row[i] === 'number' ? row[i] : 0), 0)
      : null,
  );
  const showTotals =
    groups > 0 &&
    totals.some((t) => t !== null) &&
    visual.query.measures?.every((m) => m.aggregation === 'sum' || m.aggregation === 'count');
  const totalRow = showTotals
    ? h(
        'tr',
        { class: 'total' },
        ...totals.map((t, i) =>
          h(
            'td',
            { class: t === null ? undefined : 'num' },
            i === 0 ? 'Total' : t === null ? '' : format(t, i),
          ),
        ),
      )
    : null;
  host.append(
    h(
      'div',
      { class: 'cv-table-wrap' },
      h(
        'table',
        { class: 'cv-table', style: `--accent:${palette.accent}` },
        h('thead', {}, header),
        h('tbody', {}, ...rows),
        totalRow ? h('tfoot', {}, totalRow) : null,
      ),
    ),
  );
  return noop;
}

/**
 * A matrix: rows by the first grouping, columns by the matrix column field, cells the first measure.
 * When full values do not fit the visual's width, they are shown in display units (1.36M, 91.5K) as
 * the service's "Auto" display units do, with the full value as the cell's tooltip; otherwise the
 * last columns would be cut off.
 */
export function renderMatrix(host: HTMLElement, context: BodyContext): RenderedBody {
  const wrap = drawMatrix(host, context, false);
  if (wrap && wrap.scrollWidth > wrap.clientWidth + 1) {
    wrap.remove();
    drawMatrix(host, context, true);
  }
  return noop;
}

function drawMatrix(
  host: HTMLElement,
  context: BodyContext,
  compact: boolean,
): HTMLElement | undefined {
  const { visual, result, palette, selectedValue } = context;
  const rowGroups = visual.query.groupBy?.length ?? 0;
  const columnGroups = visual.query.columns?.length ?? 0;
  if (rowGroups === 0 || columnGroups === 0) {
    renderTable(host, context);
    return undefined;
  }
  const valueIndex = rowGroups + columnGroups;
  const rowKeys: (string | number | null)[] = [];
  const columnKeys: (string | number | null)[] = [];
  const cells = new Map<string, number>();
  for (const row of result.rows) {
    const r = row[0] ?? null;
    const c = row[rowGroups] ?? null;
    if (!rowKeys.includes(r)) rowKeys.push(r);
    if (!columnKeys.includes(c)) columnKeys.push(c);
    const k = `${String(r)}\u0000${String(c)}`;
    cells.set(k, (cells.get(k) ?? 0) + Number(row[valueIndex] ?? 0));
  }
  const cell = (r: unknown, c: unknown) => cells.get(`${String(r)}\u0000${String(c)}`);
  const full =
    columnFormats(
      [{ type: 'number' }],
      [...cells.values()].map((value) => [value]),
    )[0] ?? formatValue;
  const number = compact ? formatCompact : full;
  const valueCell = (value: number | null, className = 'num') =>
    h('td', { class: className, title: compact ? full(value) : undefined }, number(value));
  const header = h(
    'tr',
    {},
    h('th', { scope: 'col' }, result.columns[0]?.name ?? ''),
    ...columnKeys.map((c) => h('th', { scope: 'col', class: 'num' }, formatValue(c))),
    h('th', { scope: 'col', class: 'num' }, 'Total'),
  );
  const body = rowKeys.map((r) => {
    const total = columnKeys.reduce<number>((sum, c) => sum + (cell(r, c) ?? 0), 0);
    const selected = selectedValue !== undefined && r === selectedValue;
    const tr = h(
      'tr',
      { class: selectedValue !== undefined ? (selected ? 'selected' : 'dimmed') : undefined },
      h('th', { scope: 'row' }, formatValue(r)),
      ...columnKeys.map((c) => valueCell(cell(r, c) ?? null)),
      valueCell(total, 'num total'),
    );
    const firstRowOf = result.rows.findIndex((row) => (row[0] ?? null) === r);
    tr.addEventListener('click', () => context.onDataPoint(pointOf(visual, result, firstRowOf)));
    tr.addEventListener('contextmenu', (event) =>
      context.onContextMenu(event, pointOf(visual, result, firstRowOf)),
    );
    return tr;
  });
  const footer = h(
    'tr',
    { class: 'total' },
    h('th', { scope: 'row' }, 'Total'),
    ...columnKeys.map((c) => valueCell(rowKeys.reduce<number>((s, r) => s + (cell(r, c) ?? 0), 0))),
    valueCell([...cells.values()].reduce((s, v) => s + v, 0)),
  );
  const wrap = h(
    'div',
    { class: 'cv-table-wrap' },
    h(
      'table',
      {
        class: `cv-table cv-matrix${compact ? ' cv-compact' : ''}`,
        style: `--accent:${palette.accent}`,
      },
      h('thead', {}, header),
      h('tbody', {}, ...body),
      h('tfoot', {}, footer),
    ),
  );
  host.append(wrap);
  return wrap;
}
