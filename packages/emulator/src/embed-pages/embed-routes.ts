import type { EmbedKind } from '../frame/embed-kind.ts';

/**
 * The embed paths of the cloud service and the kind each one hosts. `/embed` is the tile embed URL the
 * REST API returns; `/tileEmbed` is the library's default tile endpoint (bootstrap without a URL).
 */
export const EMBED_ROUTES: ReadonlyArray<{ path: string; kind: EmbedKind }> = [
  { path: '/reportEmbed', kind: 'report' },
  { path: '/dashboardEmbed', kind: 'dashboard' },
  { path: '/embed', kind: 'tile' },
  { path: '/tileEmbed', kind: 'tile' },
  { path: '/qnaEmbed', kind: 'qna' },
  { path: '/quickCreate', kind: 'quickCreate' },
  { path: '/rdlEmbed', kind: 'rdl' },
];

/** Where the embed pages load the frame script from (relative to the plugin's prefix). */
export const FRAME_SCRIPT_PATH = '/_emulator/assets/frame.js';
