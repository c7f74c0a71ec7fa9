/**
 * The embed pages' script: the frame side of the embedding protocol. It answers the host library's
 * requests (`/report/load`, `/report/pages`, filters, bookmarks…) from real report state, renders
 * with ECharts, and posts the service's events back to the host.
 */
import { isEmbedKind, type EmbedKind } from './embed-kind.ts';
import { registerDashboardRoutes } from './kinds/dashboard-kind.ts';
import { registerQnaRoutes } from './kinds/qna-kind.ts';
import { registerQuickCreateRoutes } from './kinds/quick-create-kind.ts';
import { registerRdlRoutes } from './kinds/rdl-kind.ts';
import { registerReportRoutes } from './kinds/report-kind.ts';
import { registerTileRoutes } from './kinds/tile-kind.ts';
import { RouteTable } from './protocol/route-table.ts';
import { createTransport } from './protocol/transport.ts';
import { h } from './render/dom.ts';
import { injectStyles } from './render/styles.ts';

const registrars: Record<EmbedKind, typeof registerDashboardRoutes> = {
  report: (routes, transport, root, uid) => void registerReportRoutes(routes, transport, root, uid),
  dashboard: registerDashboardRoutes,
  tile: registerTileRoutes,
  qna: registerQnaRoutes,
  quickCreate: registerQuickCreateRoutes,
  rdl: registerRdlRoutes,
};

function start(): void {
  injectStyles();
  const declared = document.documentElement.dataset.embedKind;
  const kind: EmbedKind = isEmbedKind(declared) ? declared : 'report';
  const root =
    document.getElementById('canopy-root') ??
    document.body.appendChild(h('main', { id: 'canopy-root' }));
  root.replaceChildren(
    h('div', { class: 'cv-placeholder', role: 'status' }, 'Waiting for the embedding page…'),
  );
  const uid = new URLSearchParams(location.search).get('uid') ?? '';
  const transport = createTransport();
  const routes = new RouteTable(transport.router);
  registrars[kind](routes, transport, root, uid);
  routes.notFound();
}

start();
