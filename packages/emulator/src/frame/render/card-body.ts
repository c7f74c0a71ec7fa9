import { h } from './dom.ts';
import { formatCompact } from './format.ts';
import { groupCount, measureLabel, type BodyContext, type RenderedBody } from './visual-body.ts';

/** A single big number with its measure label. */
export function renderCard(host: HTMLElement, context: BodyContext): RenderedBody {
  const { visual, result, palette } = context;
  const index = groupCount(visual);
  const value = result.rows[0]?.[index] ?? null;
  host.append(
    h(
      'div',
      { class: 'cv-card', style: `color:${palette.foreground}` },
      h('div', { class: 'cv-card-value', 'data-value': String(value ?? '') }, formatCompact(value)),
      h(
        'div',
        { class: 'cv-card-label' },
        measureLabel(visual, 0, result.columns[index]?.name ?? ''),
      ),
    ),
  );
  return { dispose: () => undefined, resize: () => undefined };
}
