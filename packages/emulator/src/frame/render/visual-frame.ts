import type { QueryResult, VisualDefinition } from '../../contract.ts';
import { renderCard } from './card-body.ts';
import { renderChart } from './chart-body.ts';
import { h } from './dom.ts';
import { renderSlicer } from './slicer-body.ts';
import { renderMatrix, renderTable } from './table-body.ts';
import type { BodyContext, RenderedBody } from './visual-body.ts';

export type BodyInput = Omit<BodyContext, 'visual' | 'result'>;

function renderBody(host: HTMLElement, context: BodyContext): RenderedBody {
  switch (context.visual.type) {
    case 'card':
      return renderCard(host, context);
    case 'tableEx':
      return renderTable(host, context);
    case 'pivotTable':
      return renderMatrix(host, context);
    case 'slicer':
      return renderSlicer(host, context);
    default:
      return renderChart(host, context);
  }
}

/**
 * One visual container on the canvas: title, an options button (the visual header), and a body
 * drawn once data arrives. It renders a loading state first and an error state if the query fails.
 */
export class VisualFrame {
  readonly element: HTMLElement;
  private readonly body: HTMLElement;
  private readonly note: HTMLElement;
  private rendered: RenderedBody | undefined;

  constructor(
    readonly visual: VisualDefinition,
    box: { left: number; top: number; width: number; height: number; z: number },
    options: { showHeader: boolean; onOptions: (anchor: HTMLElement) => void; onClick: () => void },
  ) {
    this.body = h(
      'div',
      { class: 'cv-visual-body', 'aria-busy': 'true' },
      h('div', { class: 'cv-loading' }, 'Loading…'),
    );
    // Shown when a result cap cut the data, as the service flags "Not all data shown".
    this.note = h(
      'span',
      { class: 'cv-visual-note', role: 'note', hidden: true },
      'Not all data shown',
    );
    const header = options.showHeader
      ? h(
          'button',
          {
            type: 'button',
            class: 'cv-visual-options',
            title: 'More options',
            'aria-label': `More options for ${visual.title}`,
          },
          '⋯',
        )
      : null;
    header?.addEventListener('click', (event) => {
      event.stopPropagation();
      options.onOptions(header);
    });
    this.element = h(
      'section',
      {
        class: `cv-visual cv-type-${visual.type}`,
        'data-visual-name': visual.name,
        'data-visual-type': visual.type,
        'aria-label': visual.title,
        style: `left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px;z-index:${box.z}`,
      },
      h(
        'header',
        { class: 'cv-visual-header' },
        h('h2', { class: 'cv-visual-title' }, visual.title),
        this.note,
        header,
      ),
      this.body,
    );
    this.element.addEventListener('click', () => options.onClick());
  }

  draw(result: QueryResult, input: BodyInput): void {
    this.dispose();
    this.body.replaceChildren();
    this.body.removeAttribute('aria-busy');
    this.note.hidden = !result.truncated;
    if (result.truncated) this.note.title = result.truncated;
    this.rendered = renderBody(this.body, { ...input, visual: this.visual, result });
    this.element.dataset.rendered = 'true';
  }

  fail(message: string): void {
    this.dispose();
    this.body.removeAttribute('aria-busy');
    this.body.replaceChildren(h('div', { class: 'cv-visual-error', role: 'alert' }, message));
    this.element.dataset.rendered = 'error';
  }

  resize(): void {
    this.rendered?.resize();
  }

  dispose(): void {
    this.rendered?.dispose();
    this.rendered = undefined;
  }
}
