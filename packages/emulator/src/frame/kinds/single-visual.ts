import type { QueryResult, VisualDefinition } from '../../contract.ts';
import type { Palette } from '../render/palette.ts';
import { VisualFrame } from '../render/visual-frame.ts';

/**
 * One visual filling a container (dashboard tile, tile embed, Q&A answer). Data points are not
 * cross-filtering here: the click goes to `onClick` (tileClicked and friends).
 */
export function mountSingleVisual(
  container: HTMLElement,
  visual: VisualDefinition,
  onClick: () => void,
): VisualFrame {
  const frame = new VisualFrame(
    visual,
    { left: 0, top: 0, width: container.clientWidth, height: container.clientHeight, z: 0 },
    { showHeader: false, onOptions: () => undefined, onClick },
  );
  frame.element.style.width = '100%';
  frame.element.style.height = '100%';
  container.append(frame.element);
  return frame;
}

export function drawSingleVisual(frame: VisualFrame, result: QueryResult, palette: Palette): void {
  frame.draw(result, {
    palette,
    selectedValue: undefined,
    slicerValues: [],
    onDataPoint: () => undefined,
    onSlicerChange: () => undefined,
    onContextMenu: () => undefined,
  });
}
