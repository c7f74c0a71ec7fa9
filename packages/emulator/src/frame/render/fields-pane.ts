import type { ColumnRef, DatasetSchema, VisualType } from '../../contract.ts';
import { h } from './dom.ts';

const NUMERIC = new Set(['int64', 'decimal', 'double', 'number', 'currency']);

export interface NewVisualRequest {
  type: VisualType;
  groupBy: ColumnRef[];
  measures: ColumnRef[];
}

const TYPES: [VisualType, string][] = [
  ['tableEx', 'Table'],
  ['clusteredColumnChart', 'Column chart'],
  ['clusteredBarChart', 'Bar chart'],
  ['lineChart', 'Line chart'],
  ['pieChart', 'Pie chart'],
  ['donutChart', 'Donut chart'],
  ['card', 'Card'],
];

/**
 * Edit mode's fields pane: tick columns of the dataset, pick a visual type, add it to the page.
 * Text and date columns group the data; numeric columns are summed.
 */
export function fieldsPane(
  schema: DatasetSchema,
  onAdd: (request: NewVisualRequest) => void,
): HTMLElement {
  const type = h(
    'select',
    { name: 'visualType', 'aria-label': 'Visual type' },
    ...TYPES.map(([value, label]) => h('option', { value }, label)),
  );
  const boxes: { input: HTMLInputElement; ref: ColumnRef; numeric: boolean }[] = [];
  const tables = schema.tables.map((table) =>
    h(
      'section',
      {},
      h('h3', {}, table.name),
      h(
        'ul',
        {},
        ...table.columns.map((column) => {
          const input = h('input', { type: 'checkbox', name: `${table.name}.${column.name}` });
          boxes.push({
            input,
            ref: { table: table.name, column: column.name },
            numeric: NUMERIC.has(column.dataType.toLowerCase()),
          });
          return h('li', {}, h('label', {}, input, ` ${column.name}`));
        }),
      ),
    ),
  );
  const add = h('button', { type: 'submit', class: 'cv-button cv-button-primary' }, 'Add visual');
  const form = h(
    'form',
    { class: 'cv-fields', 'aria-label': 'Fields' },
    h('h2', {}, 'Fields'),
    type,
    ' ',
    add,
    ...tables,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const picked = boxes.filter((b) => b.input.checked);
    if (picked.length === 0) return;
    onAdd({
      type: type.value as VisualType,
      groupBy: picked.filter((b) => !b.numeric).map((b) => b.ref),
      measures: picked.filter((b) => b.numeric).map((b) => b.ref),
    });
  });
  return form;
}
