/**
 * Service basics and every synchronous validation failure of `embed`/`bootstrap`/`preload`/`register`.
 * Each failing embed gets its own container, so iframes left behind by late failures stay visible.
 */
import type { EmbedLike, ServiceLike } from '../harness/api.ts';
import type { Step } from '../harness/recorder.ts';
import { DASHBOARD_URL, QNA_URL, REPORT_URL, TILE_URL, reportConfig } from './fixtures.ts';

type Config = Record<string, unknown>;

function failingEmbed(id: string, config: () => Config): Step {
  return { id: `validate.${id}`, run: (ctx) => ctx.svc.embed(ctx.el(`bad-${id}`), config()) };
}

export const serviceSteps: Step[] = [
  { id: 'service.sdk-version', run: (ctx) => ctx.svc.getSDKVersion() },
  { id: 'service.no-components', run: (ctx) => ctx.svc.getNumberOfComponents() },
  {
    id: 'service.session-id-shape',
    run: (ctx) => /^[0-9a-f]{20}$/.test(ctx.svc.getSdkSessionId()),
  },
  { id: 'service.get-missing', run: (ctx) => ctx.svc.get(ctx.el('empty')) },
  { id: 'service.find-missing', run: (ctx) => ctx.svc.find('no-such-uid') },
  { id: 'service.reset-without-embed', run: (ctx) => ctx.svc.reset(ctx.el('empty')) },

  failingEmbed('no-type', () => ({ embedUrl: REPORT_URL, accessToken: 't', id: 'r-1' })),
  failingEmbed('capitalised-type', () => reportConfig({ type: 'Report' })),
  failingEmbed('unknown-type', () => reportConfig({ type: 'chart' })),
  failingEmbed('create-type-via-embed', () => reportConfig({ type: 'create' })),
  failingEmbed('no-embed-url', () => ({ type: 'report', accessToken: 't', id: 'r-1' })),
  failingEmbed('no-token', () => ({ type: 'report', embedUrl: REPORT_URL, id: 'r-1' })),
  failingEmbed('no-report-id', () =>
    reportConfig({ id: undefined, embedUrl: 'https://app.powerbi.com/reportEmbed?groupId=g-1' }),
  ),
  failingEmbed('http-url', () =>
    reportConfig({ embedUrl: 'http://app.powerbi.com/reportEmbed?reportId=r-1' }),
  ),
  failingEmbed('foreign-host', () =>
    reportConfig({ embedUrl: 'https://app.powerbi.com.evil.example/reportEmbed?reportId=r-1' }),
  ),
  failingEmbed('bare-domain', () =>
    reportConfig({ embedUrl: 'https://powerbi.com/reportEmbed?reportId=r-1' }),
  ),
  failingEmbed('auto-auth', () => reportConfig({ embedUrl: `${REPORT_URL}&autoAuth%3Dtrue` })),
  failingEmbed('report-bad-settings', () =>
    reportConfig({ settings: { filterPaneEnabled: 'no' } }),
  ),
  failingEmbed('report-token-not-string', () => reportConfig({ accessToken: 42 })),
  // Reports ignore pageView (only dashboards validate it): this embed succeeds in both.
  failingEmbed('report-page-view-not-validated', () => reportConfig({ pageView: 'wide' })),
  failingEmbed('rdl-parameter-without-name', () =>
    reportConfig({
      embedUrl: 'https://app.powerbi.com/rdlEmbed?reportId=p-2',
      parameterValues: [{ value: 'x' }],
    }),
  ),
  failingEmbed('hook-not-function', () =>
    reportConfig({ eventHooks: { accessTokenProvider: 'soon' } }),
  ),
  failingEmbed('token-provider-with-embed-token', () =>
    reportConfig({ eventHooks: { accessTokenProvider: () => 'x' } }),
  ),
  failingEmbed('context-provider-on-dashboard', () => ({
    type: 'dashboard',
    embedUrl: DASHBOARD_URL,
    accessToken: 't',
    eventHooks: { applicationContextProvider: () => ({}) },
  })),
  failingEmbed('dashboard-page-view', () => ({
    type: 'dashboard',
    embedUrl: DASHBOARD_URL,
    accessToken: 't',
    pageView: 'wide',
  })),
  failingEmbed('dashboard-no-id', () => ({
    type: 'dashboard',
    embedUrl: 'https://app.powerbi.com/dashboardEmbed?groupId=g-1',
    accessToken: 't',
  })),
  failingEmbed('tile-no-dashboard-id', () => ({
    type: 'tile',
    embedUrl: 'https://app.powerbi.com/embed?tileId=t-1',
    accessToken: 't',
  })),
  failingEmbed('tile-no-id', () => ({
    type: 'tile',
    embedUrl: 'https://app.powerbi.com/embed?dashboardId=d-1',
    accessToken: 't',
    dashboardId: 'd-1',
  })),
  failingEmbed('qna-no-datasets', () => ({ type: 'qna', embedUrl: QNA_URL, accessToken: 't' })),
  failingEmbed('visual-bad-settings', () =>
    reportConfig({ type: 'visual', settings: { navContentPaneEnabled: 3 } }),
  ),
  failingEmbed('tile-token-type', () => ({
    type: 'tile',
    embedUrl: TILE_URL,
    accessToken: 't',
    dashboardId: 'd-1',
    tokenType: 'embed',
  })),
  {
    id: 'validate.bootstrap-no-type',
    run: (ctx) => ctx.svc.bootstrap(ctx.el('bad-bootstrap'), { embedUrl: REPORT_URL }),
  },
  {
    id: 'validate.bootstrap-create-type',
    run: (ctx) => ctx.svc.bootstrap(ctx.el('bad-bootstrap-create'), { type: 'create' }),
  },
  {
    id: 'validate.preload-bad-url',
    run: (ctx) => ctx.svc.preload({ embedUrl: 'http://app.powerbi.com/reportEmbed' }),
  },
  {
    id: 'validate.create-report-no-dataset',
    run: (ctx) =>
      ctx.svc.createReport(ctx.el('bad-create'), {
        embedUrl: 'https://app.powerbi.com/reportEmbed?groupId=g-1',
        accessToken: 't',
      }),
  },
  {
    id: 'validate.embed-default-config',
    run: (ctx) => ctx.svc.embed(ctx.el('bad-default')),
  },

  {
    id: 'register.reserved-name',
    run: (ctx) => ctx.svc.register('Dashboard', () => ({}) as EmbedLike, []),
  },
  {
    id: 'register.custom',
    run: (ctx) =>
      ctx.svc.register(
        'custom',
        (service: ServiceLike, element, config, phased, bootstrap) =>
          new ctx.lib.Report(service, element, config, phased, bootstrap),
        ['/custom/:uniqueId/events/:eventName'],
      ),
  },
  {
    id: 'register.duplicate',
    run: (ctx) => ctx.svc.register('custom', () => ({}) as EmbedLike, []),
  },
  {
    id: 'register.bad-event-url',
    run: (ctx) => ctx.svc.register('custom2', () => ({}) as EmbedLike, ['/custom2/:uniqueId']),
  },
  {
    id: 'register.embed-custom',
    run: (ctx) =>
      ctx.set('cu1', ctx.svc.embed(ctx.el('c-custom'), reportConfig({ type: 'custom' }))),
  },
  {
    id: 'register.custom-on-loaded',
    run: (ctx) => ctx.embed('cu1').on('loaded', ctx.handler('custom-loaded')),
  },
  {
    id: 'register.custom-event',
    run: (ctx) => ctx.emit('cu1', (uid) => `/custom/${uid}/events/loaded`, { initiator: 'sdk' }),
  },
  { id: 'register.components-count', run: (ctx) => ctx.svc.getNumberOfComponents() },
];
