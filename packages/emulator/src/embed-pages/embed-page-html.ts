import type { EmbedKind } from '../frame/embed-kind.ts';

const TITLES: Record<EmbedKind, string> = {
  report: 'Report',
  dashboard: 'Dashboard',
  tile: 'Tile',
  qna: 'Q&A',
  quickCreate: 'Quick create',
  rdl: 'Paginated report',
};

/**
 * The HTML of an embed page. It is deliberately tiny: everything happens in the frame script, which
 * must be a classic (blocking) script so that its message listener exists before the iframe's `load`
 * event — the host library sends `/report/load` as soon as that event fires. The script URL is
 * relative so the pages keep working when the emulator is mounted under a prefix.
 */
export function renderEmbedPage(kind: EmbedKind): string {
  return `<!doctype html>
<html lang="en" data-embed-kind="${kind}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLES[kind]} — Canopy emulator</title>
</head>
<body>
<main id="canopy-root" aria-busy="true" aria-label="${TITLES[kind]}"></main>
<script src="_emulator/assets/frame.js"></script>
</body>
</html>
`;
}
