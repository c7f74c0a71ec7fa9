/**
 * The script-tag build (`dist/powerbi.js`, `dist/powerbi.min.js`): like powerbi-client's UMD bundle in
 * a plain `<script>`, it exposes the library as `window['powerbi-client']` and the default Service as
 * `window.powerbi` (see `global.ts`).
 */
import * as client from './global.ts';

if (typeof window !== 'undefined') {
  (window as unknown as Record<string, unknown>)['powerbi-client'] = client;
}
