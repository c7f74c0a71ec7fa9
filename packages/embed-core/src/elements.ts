/**
 * `@canopy/embed-core/elements`: custom elements that embed without a framework —
 * `<powerbi-report>`, `<powerbi-dashboard>`, `<powerbi-tile>`, `<powerbi-visual>`, `<powerbi-qna>`
 * and `<powerbi-create-report>`. Importing this entry defines them where the page has a
 * `customElements` registry; on a server it does nothing (and touches no browser global), so it is
 * safe to import from SSR code. See docs/embed-core/elements.md.
 */
// Types come from the package entry by name: the declarations of this entry then refer to the main
// entry's classes (one `Report` type for both) instead of a copy.
import type { Create, Dashboard, Qna, Report, Tile, Visual } from '@canopy/embed-core';
import { ELEMENT_KINDS, type ElementTag } from './elements/element-config.ts';
import { createElementClass, type PowerBiElementBase } from './elements/powerbi-element.ts';

export { ELEMENT_ATTRIBUTES, ELEMENT_KINDS } from './elements/element-config.ts';
export type { ElementAttribute, ElementKind, ElementTag } from './elements/element-config.ts';
export type { PowerBiElementBase } from './elements/powerbi-element.ts';

export type PowerBiReportElement = PowerBiElementBase<Report>;
export type PowerBiDashboardElement = PowerBiElementBase<Dashboard>;
export type PowerBiTileElement = PowerBiElementBase<Tile>;
export type PowerBiVisualElement = PowerBiElementBase<Visual>;
export type PowerBiQnaElement = PowerBiElementBase<Qna>;
export type PowerBiCreateReportElement = PowerBiElementBase<Create>;

declare global {
  interface HTMLElementTagNameMap {
    'powerbi-report': PowerBiReportElement;
    'powerbi-dashboard': PowerBiDashboardElement;
    'powerbi-tile': PowerBiTileElement;
    'powerbi-visual': PowerBiVisualElement;
    'powerbi-qna': PowerBiQnaElement;
    'powerbi-create-report': PowerBiCreateReportElement;
  }
}

/**
 * Defines the six elements in `registry` (default: the page's `customElements`). A tag that is
 * already defined is left alone, so importing the entry and loading the script-tag build on one page
 * is harmless.
 */
export function defineElements(registry: CustomElementRegistry = customElements): void {
  for (const [tag, kind] of Object.entries(ELEMENT_KINDS) as Array<
    [ElementTag, (typeof ELEMENT_KINDS)[ElementTag]]
  >) {
    if (!registry.get(tag)) registry.define(tag, createElementClass(kind));
  }
}

if (typeof customElements !== 'undefined' && typeof HTMLElement !== 'undefined') defineElements();
