/**
 * The other component types — dashboard, tile, Q&A, report creation, quick create — and the event
 * hooks (`applicationContextProvider`, `accessTokenProvider`) answered over the eventHooks route.
 */
import type { ScenarioContext } from '../harness/context.ts';
import type { Step } from '../harness/recorder.ts';
import {
  AAD_TOKEN,
  CREATE_URL,
  DASHBOARD_URL,
  EMBED_TOKEN,
  QNA_URL,
  QUICK_CREATE_URL,
  TILE_URL,
  reportConfig,
} from './fixtures.ts';

const hookUrl = (name: string) => (uid: string) => `/reports/${uid}/eventHooks/${name}`;

/** A hook that records what it was called with (the body keys, and whether `report` is the component). */
function recordingHook(ctx: ScenarioContext, slot: string, result: unknown) {
  return (body: Record<string, unknown>) => {
    ctx.set(`${slot}:hook-call`, {
      keys: Object.keys(body).sort(),
      reportIsComponent: body.report === ctx.slots.get(slot),
    });
    return result;
  };
}

export const componentSteps: Step[] = [
  {
    id: 'dashboard.embed',
    run: (ctx) =>
      ctx.set(
        'd1',
        ctx.svc.embed(ctx.el('c-d1'), {
          type: 'dashboard',
          embedUrl: DASHBOARD_URL,
          accessToken: 'tok-dash',
          tokenType: EMBED_TOKEN,
          pageView: 'fitToWidth',
        }),
      ),
  },
  { id: 'dashboard.get-id', run: (ctx) => ctx.embed('d1').getId() },
  {
    id: 'dashboard.on-tile-clicked',
    run: (ctx) => ctx.embed('d1').on('tileClicked', ctx.handler('tileClicked')),
  },
  {
    id: 'dashboard.on-page-changed-not-allowed',
    run: (ctx) => ctx.embed('d1').on('pageChanged', ctx.handler('x')),
  },
  {
    id: 'dashboard.event-tile-clicked',
    run: (ctx) =>
      ctx.emit('d1', (uid) => `/dashboards/${uid}/events/tileClicked`, {
        tileId: 't-1',
        navigationUrl: 'https://app.powerbi.com/x',
      }),
  },
  { id: 'dashboard.set-access-token', run: (ctx) => ctx.embed('d1').setAccessToken('tok-dash-2') },
  {
    id: 'dashboard.frontload-not-installed',
    run: (ctx) => ctx.emit('d1', (uid) => `/ready/${uid}`),
  },

  {
    id: 'tile.embed',
    run: (ctx) =>
      ctx.set(
        't1',
        ctx.svc.embed(ctx.el('c-t1'), {
          type: 'tile',
          embedUrl: TILE_URL,
          accessToken: 'tok-tile',
          dashboardId: 'd-1',
          width: 300,
          height: 200,
        }),
      ),
  },
  {
    id: 'tile.on-tile-loaded',
    run: (ctx) => ctx.embed('t1').on('tileLoaded', ctx.handler('tileLoaded')),
  },
  {
    id: 'tile.event-tile-loaded',
    run: (ctx) => ctx.emit('t1', (uid) => `/tile/${uid}/events/tileLoaded`, { ok: true }),
  },
  { id: 'tile.set-access-token', run: (ctx) => ctx.embed('t1').setAccessToken('tok-tile-2') },

  {
    id: 'qna.embed',
    run: (ctx) =>
      ctx.set(
        'q1',
        ctx.svc.embed(ctx.el('c-q1'), {
          type: 'qna',
          embedUrl: QNA_URL,
          accessToken: 'tok-qna',
          datasetIds: ['ds-1'],
          question: 'sales by region',
          viewMode: 0,
        }),
      ),
  },
  { id: 'qna.set-question', run: (ctx) => ctx.qna().setQuestion('profit by month') },
  {
    id: 'qna.on-visual-rendered',
    run: (ctx) => ctx.qna().on('visualRendered', ctx.handler('qna-visualRendered')),
  },
  {
    id: 'qna.event-visual-rendered',
    run: (ctx) =>
      ctx.emit('q1', (uid) => `/qna/${uid}/events/visualRendered`, {
        question: 'profit by month',
        normalizedQuestion: 'profit by month',
      }),
  },
  { id: 'qna.set-access-token', run: (ctx) => ctx.qna().setAccessToken('tok-qna-2') },
  {
    id: 'qna.reembed-creates-new',
    run: (ctx) =>
      ctx.svc.embed(ctx.el('c-q1'), {
        type: 'qna',
        embedUrl: QNA_URL,
        accessToken: 'tok-qna-3',
        datasetIds: ['ds-2'],
      }) !== ctx.qna(),
  },

  {
    id: 'create.create-report',
    run: (ctx) =>
      ctx.set(
        'cr1',
        ctx.svc.createReport(ctx.el('c-cr1'), {
          datasetId: 'ds-1',
          embedUrl: CREATE_URL,
          accessToken: 'tok-create',
          tokenType: EMBED_TOKEN,
          theme: { themeJson: { name: 'Fresh' } },
          settings: { panes: { filters: { visible: false } } },
        }),
      ),
  },
  { id: 'create.is-saved', run: (ctx) => ctx.create().isSaved() },
  { id: 'create.create-again', run: (ctx) => ctx.create().create() },
  { id: 'create.set-access-token', run: (ctx) => ctx.create().setAccessToken('tok-create-2') },
  { id: 'create.save-as', run: (ctx) => ctx.create().saveAs({ name: 'New report' }) },
  {
    id: 'create.dataset-from-url',
    run: (ctx) =>
      ctx.set(
        'cr2',
        ctx.svc.createReport(ctx.el('c-cr2'), { embedUrl: CREATE_URL, accessToken: 'tok-c2' }),
      ),
  },
  {
    id: 'create.with-token-provider',
    run: (ctx) =>
      ctx.set(
        'cr3',
        ctx.svc.createReport(ctx.el('c-cr3'), {
          datasetId: 'ds-3',
          embedUrl: CREATE_URL,
          accessToken: 'tok-aad',
          tokenType: AAD_TOKEN,
          eventHooks: { accessTokenProvider: recordingHook(ctx, 'cr3', 'tok-aad-fresh') },
        }),
      ),
  },
  {
    id: 'create.hook-new-access-token',
    run: (ctx) => ctx.emit('cr3', hookUrl('newAccessToken'), {}),
  },

  {
    id: 'quick-create.embed',
    run: (ctx) =>
      ctx.set(
        'qc1',
        ctx.svc.quickCreate(ctx.el('c-qc1'), {
          accessToken: 'tok-qc',
          tokenType: AAD_TOKEN,
          embedUrl: QUICK_CREATE_URL,
          datasetCreateConfig: { locale: 'en-US', mashupDocument: 'section Section1;' },
          eventHooks: { accessTokenProvider: recordingHook(ctx, 'qc1', 'tok-qc-fresh') },
        }),
      ),
  },
  {
    id: 'quick-create.hook-new-access-token',
    run: (ctx) => ctx.emit('qc1', hookUrl('newAccessToken'), { reason: 'expiring' }),
  },
  { id: 'quick-create.hook-call', run: (ctx) => ctx.get('qc1:hook-call') },
  {
    id: 'quick-create.hook-pre-query-not-handled',
    run: (ctx) => ctx.emit('qc1', hookUrl('preQuery'), {}),
  },
  {
    id: 'quick-create.set-access-token',
    run: (ctx) => ctx.create('qc1').setAccessToken('tok-qc-2'),
  },

  {
    id: 'hooks.embed-report',
    run: (ctx) =>
      ctx.set(
        'rh',
        ctx.svc.embed(
          ctx.el('c-rh'),
          reportConfig({
            id: 'r-777',
            tokenType: AAD_TOKEN,
            eventHooks: {
              applicationContextProvider: recordingHook(ctx, 'rh', { role: 'analyst' }),
              accessTokenProvider: () => Promise.resolve('tok-rh-fresh'),
            },
          }),
        ),
      ),
  },
  { id: 'hooks.pre-query', run: (ctx) => ctx.emit('rh', hookUrl('preQuery'), { query: 'q1' }) },
  { id: 'hooks.pre-query-call', run: (ctx) => ctx.get('rh:hook-call') },
  { id: 'hooks.new-access-token', run: (ctx) => ctx.emit('rh', hookUrl('newAccessToken')) },
  { id: 'hooks.unknown-hook', run: (ctx) => ctx.emit('rh', hookUrl('somethingElse'), {}) },
  {
    id: 'hooks.embed-throwing-provider',
    run: (ctx) =>
      ctx.set(
        'rh2',
        ctx.svc.embed(
          ctx.el('c-rh2'),
          reportConfig({
            id: 'r-888',
            eventHooks: {
              applicationContextProvider: () => {
                throw new Error('context unavailable');
              },
            },
          }),
        ),
      ),
  },
  { id: 'hooks.throwing-provider', run: (ctx) => ctx.emit('rh2', hookUrl('preQuery'), {}) },
  { id: 'hooks.missing-provider', run: (ctx) => ctx.emit('rh2', hookUrl('newAccessToken'), {}) },
];
