/**
 * The elements' script-tag build (`dist/powerbi-elements.js`, `.min.js`): one self-contained file
 * that defines the `<powerbi-*>` elements when loaded with a plain `<script>`, and exposes the entry
 * as `window['canopy-elements']` (for `defineElements` and `ELEMENT_ATTRIBUTES`).
 */
import * as elements from '../elements.ts';

if (typeof window !== 'undefined') {
  (window as unknown as Record<string, unknown>)['canopy-elements'] = elements;
}
