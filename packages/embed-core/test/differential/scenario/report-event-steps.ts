/**
 * The main report `r1`: embedding, lookups, frame-sent events, on/off (including the original's
 * off-with-unknown-handler bug), bubbling, front-loading.
 */
import type { Step } from '../harness/recorder.ts';
import { PAGES } from '../harness/scripted-app.ts';
import { REGION_FILTER, reportConfig } from './fixtures.ts';

const reportEvent = (name: string) => (uid: string) => `/reports/${uid}/events/${name}`;

export const reportEventSteps: Step[] = [
  {
    id: 'report.embed',
    run: (ctx) =>
      ctx.set(
        'r1',
        ctx.svc.embed(
          ctx.el('c-r1'),
          reportConfig({
            pageName: 'ReportSection1',
            filters: [REGION_FILTER],
            settings: {
              filterPaneEnabled: false,
              localeSettings: { language: 'en', formatLocale: 'en-US' },
            },
          }),
        ),
      ),
  },
  { id: 'report.components-count', run: (ctx) => ctx.svc.getNumberOfComponents() },
  { id: 'report.get', run: (ctx) => ctx.svc.get(ctx.el('c-r1')) === ctx.report() },
  {
    id: 'report.find',
    run: (ctx) => ctx.svc.find(String(ctx.report().config.uniqueId)) === ctx.report(),
  },
  { id: 'report.get-id', run: (ctx) => ctx.report().getId() },
  { id: 'report.allowed-events', run: (ctx) => ctx.report().allowedEvents },
  { id: 'report.on-loaded', run: (ctx) => ctx.report().on('loaded', ctx.handler('loaded')) },
  { id: 'report.on-rendered', run: (ctx) => ctx.report().on('rendered', ctx.handler('rendered')) },
  { id: 'report.on-error', run: (ctx) => ctx.report().on('error', ctx.handler('error')) },
  {
    id: 'report.on-page-changed',
    run: (ctx) => ctx.report().on('pageChanged', ctx.handler('pageChanged')),
  },
  {
    id: 'report.on-data-selected',
    run: (ctx) => ctx.report().on('dataSelected', ctx.handler('dataSelected')),
  },
  {
    id: 'report.on-not-allowed',
    run: (ctx) => ctx.report().on('tileClicked', ctx.handler('tileClicked')),
  },
  {
    id: 'event.loaded',
    run: (ctx) => ctx.emit('r1', reportEvent('loaded'), { initiator: 'sdk' }),
  },
  { id: 'event.rendered', run: (ctx) => ctx.emit('r1', reportEvent('rendered')) },
  {
    id: 'event.error',
    run: (ctx) =>
      ctx.emit('r1', reportEvent('error'), {
        message: 'LoadReportFailed',
        detailedMessage: 'Fail to initialize - Could not resolve cluster',
        errorCode: '403',
        level: 6,
        technicalDetails: { requestId: 'req-1' },
      }),
  },
  {
    id: 'event.page-changed',
    run: (ctx) =>
      ctx.emit('r1', reportEvent('pageChanged'), {
        initiator: 'user',
        newPage: PAGES[1],
        oldPage: PAGES[0],
      }),
  },
  {
    id: 'event.page-changed-without-page',
    run: (ctx) => ctx.emit('r1', reportEvent('pageChanged'), { initiator: 'user' }),
  },
  {
    id: 'event.page-level-route',
    run: (ctx) =>
      ctx.emit('r1', (uid) => `/reports/${uid}/pages/ReportSection1/events/dataSelected`, {
        dataPoints: [{ identity: [{ target: { table: 'Store', column: 'Region' } }] }],
      }),
  },
  {
    id: 'event.visual-level-route',
    run: (ctx) =>
      ctx.emit(
        'r1',
        (uid) =>
          `/reports/${uid}/pages/ReportSection1/visuals/VisualContainer1/events/dataSelected`,
        { visual: { name: 'VisualContainer1', type: 'barChart' } },
      ),
  },
  {
    id: 'event.raw-listener-for-unlisted-name',
    run: (ctx) => ctx.el('c-r1').addEventListener('customThing', ctx.handler('raw-customThing')),
  },
  {
    id: 'event.unlisted-name-is-dispatched',
    run: (ctx) => ctx.emit('r1', reportEvent('customThing'), { any: 'payload' }),
  },
  {
    id: 'event.unknown-uid',
    run: (ctx) => ctx.emit('r1', () => '/reports/nobody/events/loaded', {}),
  },
  {
    id: 'event.unknown-route',
    run: (ctx) => ctx.emit('r1', (uid) => `/reports/${uid}/somethingElse`, {}),
  },
  {
    id: 'event.document-listener',
    run: () => document.addEventListener('rendered', onDocumentRendered),
  },
  { id: 'event.rendered-bubbles', run: (ctx) => ctx.emit('r1', reportEvent('rendered')) },
  {
    id: 'event.off-with-handler',
    run: (ctx) => ctx.report().off('rendered', ctx.handler('rendered')),
  },
  { id: 'event.rendered-after-off', run: (ctx) => ctx.emit('r1', reportEvent('rendered')) },
  {
    id: 'event.document-listener-removed',
    run: () => {
      const count = documentRendered;
      document.removeEventListener('rendered', onDocumentRendered);
      documentRendered = 0;
      return count;
    },
  },
  {
    id: 'event.off-unknown-handler',
    run: (ctx) => ctx.report().off('error', ctx.handler('never-registered')),
  },
  { id: 'event.loaded-after-off-unknown', run: (ctx) => ctx.emit('r1', reportEvent('loaded')) },
  { id: 'event.error-after-off-unknown', run: (ctx) => ctx.emit('r1', reportEvent('error'), {}) },
  { id: 'event.off-all-loaded', run: (ctx) => ctx.report().off('loaded') },
  { id: 'event.loaded-after-off-all', run: (ctx) => ctx.emit('r1', reportEvent('loaded')) },
  { id: 'event.on-loaded-again', run: (ctx) => ctx.report().on('loaded', ctx.handler('loaded-2')) },
  { id: 'event.loaded-again', run: (ctx) => ctx.emit('r1', reportEvent('loaded')) },
  {
    id: 'event.on-same-handler-twice',
    run: (ctx) => {
      ctx.report().on('rendered', ctx.handler('rendered-dup'));
      ctx.report().on('rendered', ctx.handler('rendered-dup'));
    },
  },
  { id: 'event.rendered-once', run: (ctx) => ctx.emit('r1', reportEvent('rendered')) },
  {
    id: 'event.off-after-double-on',
    run: (ctx) => ctx.report().off('rendered', ctx.handler('rendered-dup')),
  },
  { id: 'event.rendered-none', run: (ctx) => ctx.emit('r1', reportEvent('rendered')) },
  { id: 'event.off-never-throws', run: (ctx) => ctx.report().off('notAnEvent') },
  {
    id: 'frontload.ready',
    run: (ctx) => ctx.emit('r1', (uid) => `/ready/${uid}`),
  },
];

/** A document-level listener (events bubble from the container); counts instead of logging. */
let documentRendered = 0;
function onDocumentRendered(): void {
  documentRendered++;
}
