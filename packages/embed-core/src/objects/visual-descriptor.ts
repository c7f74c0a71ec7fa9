/**
 * `VisualDescriptor` lives with `Page` in page.ts: each refers to the other (a page lists its visuals,
 * a visual knows its page), and one module keeps that reference from becoming an import circle.
 */
export { VisualDescriptor } from './page.ts';
