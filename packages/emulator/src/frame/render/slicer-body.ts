import { h } from './dom.ts';
import { formatValue } from './format.ts';
import type { BodyContext, RenderedBody } from './visual-body.ts';

/** A list slicer: one checkbox per value; changing it filters the other visuals of the page. */
export function renderSlicer(host: HTMLElement, context: BodyContext): RenderedBody {
  const values = context.result.rows
    .map((row) => row[0])
    .filter((v): v is string | number => v !== null && v !== undefined);
  const selected = new Set(context.slicerValues);
  const list = h('ul', { class: 'cv-slicer', role: 'listbox', 'aria-multiselectable': 'true' });
  for (const value of values) {
    const id = `s-${context.visual.name}-${String(value)}`.replace(/[^\w-]/g, '_');
    const input = h('input', { type: 'checkbox', id, checked: selected.has(value) });
    input.addEventListener('change', () => {
      if (input.checked) selected.add(value);
      else selected.delete(value);
      context.onSlicerChange(values.filter((v) => selected.has(v)));
    });
    list.append(
      h(
        'li',
        { role: 'option', 'aria-selected': selected.has(value) ? 'true' : 'false' },
        input,
        h('label', { for: id }, formatValue(value)),
      ),
    );
  }
  host.append(list);
  return { dispose: () => undefined, resize: () => undefined };
}
