/**
 * Service-level lifecycle: preload, declarative `init`, SDK info headers, a second Service, and
 * `reset` (including requests pending at reset time and calls on a reset component).
 */
import type { Step } from '../harness/recorder.ts';
import { DASHBOARD_URL, REPORT_URL, reportConfig } from './fixtures.ts';

export const lifecycleSteps: Step[] = [
  {
    id: 'preload.body',
    run: (ctx) => {
      const iframe = ctx.svc.preload({
        type: 'report',
        embedUrl: 'https://app.powerbi.com/reportEmbed',
      });
      iframe.addEventListener('preloaded', ctx.handler('preloaded'));
      return iframe;
    },
  },
  {
    id: 'preload.into-element',
    run: (ctx) => {
      const element = ctx.el('c-preload');
      element.innerHTML = '<span>keep me</span>';
      const iframe = ctx.svc.preload({ embedUrl: REPORT_URL }, element);
      element.addEventListener('preloaded', ctx.handler('preloaded-bubbled'));
      return iframe;
    },
  },
  {
    id: 'init.declarative',
    run: (ctx) => {
      const container = ctx.el('c-init');
      container.innerHTML = [
        `<div data-name="init-report" powerbi-embed-url="${REPORT_URL.replace('r-111', 'r-init')}"`,
        ' powerbi-type="report" powerbi-access-token="tok-init" powerbi-report-id="r-attr"',
        ' powerbi-name="named-report" powerbi-settings-filter-pane-enabled="false"',
        ' powerbi-settings-nav-content-pane-enabled="yes"></div>',
        `<div data-name="init-dash" powerbi-embed-url="${DASHBOARD_URL}" powerbi-type="dashboard"`,
        ' powerbi-access-token="tok-init-d"></div>',
        '<div data-name="init-ignored" powerbi-type="report"></div>',
      ].join('');
      return ctx.svc.init(container);
    },
  },
  {
    id: 'init.global-token',
    run: (ctx) => {
      ctx.svc.accessToken = 'tok-global';
      const container = ctx.el('c-init-2');
      container.innerHTML = `<div data-name="init-global" powerbi-embed-url="${REPORT_URL}" powerbi-type="report"></div>`;
      return ctx.svc.init(container);
    },
  },
  {
    id: 'init.with-shared-config',
    run: (ctx) => {
      const container = ctx.el('c-init-3');
      container.innerHTML = `<div data-name="init-shared" powerbi-embed-url="${REPORT_URL}"></div>`;
      const shared = { type: 'report', accessToken: 'tok-shared', tokenType: 1 };
      const embeds = ctx.svc.init(container, shared);
      return { embeds, sharedTypeAfter: shared.type };
    },
  },
  { id: 'service.components-after-init', run: (ctx) => ctx.svc.getNumberOfComponents() },

  {
    id: 'sdk-info.set',
    run: async (ctx) => {
      ctx.svc.setSdkInfo('powerbi-client-react', '2.0.2');
      return ctx.report().getCorrelationId();
    },
  },

  {
    id: 'service2.embed',
    run: (ctx) =>
      ctx.set(
        'r2',
        ctx
          .service('svc2', { type: 'angular', version: '9.9.9', sdkWrapperVersion: '3.0.0' })
          .embed(ctx.el('c-r2'), reportConfig({ id: 'r-2' })),
      ),
  },
  { id: 'service2.get-pages', run: (ctx) => ctx.report('r2').getPages() },
  {
    id: 'service2.on-loaded',
    run: (ctx) => ctx.report('r2').on('loaded', ctx.handler('r2-loaded')),
  },
  {
    id: 'service2.event-from-its-frame',
    run: (ctx) => ctx.emit('r2', (uid) => `/reports/${uid}/events/loaded`, {}),
  },
  {
    id: 'service2.event-from-first-service-frame',
    run: (ctx) => ctx.emit('r1', (uid) => `/reports/${uid}/events/rendered`, {}),
  },
  {
    id: 'service2.foreign-element',
    run: (ctx) => ctx.service('svc2').embed(ctx.el('c-r1'), reportConfig()),
  },
  { id: 'service2.stop', run: (ctx) => ctx.service('svc2').wpmp.stop() },

  {
    id: 'reset.embed',
    run: (ctx) => ctx.set('rz', ctx.svc.embed(ctx.el('c-rz'), reportConfig({ id: 'r-999' }))),
  },
  { id: 'reset.on-loaded', run: (ctx) => ctx.report('rz').on('loaded', ctx.handler('rz-loaded')) },
  {
    id: 'reset.pending-request',
    run: (ctx) => {
      ctx.app.once(/^GET \/report\/pages$/, null);
      const pending = ctx.report('rz').getPages();
      ctx.svc.reset(ctx.el('c-rz'));
      return pending;
    },
  },
  { id: 'reset.element-state', run: (ctx) => 'powerBiEmbed' in ctx.el('c-rz') },
  {
    id: 'reset.find',
    run: (ctx) => ctx.svc.find(String(ctx.report('rz').config.uniqueId)),
  },
  { id: 'reset.get', run: (ctx) => ctx.svc.get(ctx.el('c-rz')) },
  { id: 'reset.call-after-reset', run: (ctx) => ctx.report('rz').getPages() },
  { id: 'reset.token-after-reset', run: (ctx) => ctx.report('rz').setAccessToken('tok-late') },
  {
    id: 'reset.event-from-removed-frame',
    run: (ctx) => ctx.emit('rz', (uid) => `/reports/${uid}/events/loaded`, {}),
  },
  { id: 'reset.components-count', run: (ctx) => ctx.svc.getNumberOfComponents() },
  {
    id: 'reset.reembed-element',
    run: (ctx) => ctx.set('rz2', ctx.svc.embed(ctx.el('c-rz'), reportConfig({ id: 'r-1000' }))),
  },
];
