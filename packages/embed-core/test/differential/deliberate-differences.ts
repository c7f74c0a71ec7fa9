/**
 * THE allow-list of the differential test: every place where embed-core deliberately behaves
 * differently from powerbi-client 2.23.1, with the steps and aspects concerned, what differs and why.
 *
 * An entry never just silences a step. `expected` states precisely what embed-core must produce,
 * derived from what the original produced (and it asserts the original's behaviour too), so any
 * other change in those steps still fails; and the test fails when an entry no longer matches a
 * real difference.
 */
import { expect } from 'vitest';
import { UNDEFINED } from './harness/normalize.ts';
import type { Aspect } from './harness/recorder.ts';

export interface DeliberateDifference {
  id: string;
  /** Step ids, or `'*'` for every step. */
  steps: string[];
  aspects: Aspect[];
  what: string;
  why: string;
  /** From the original's record of one aspect, what embed-core must record instead. */
  expected(original: unknown, stepId: string, aspect: Aspect): unknown;
}

/** Rewrites the JSON text of a recorded value (for "same, except this id/word" differences). */
function rewrite(value: unknown, edit: (json: string) => string): unknown {
  return JSON.parse(edit(JSON.stringify(value))) as unknown;
}

interface Reply {
  from: string;
  url: string;
  replies: unknown[];
}

/** The target origin record of one message posted to an app.powerbi.com frame. */
const POWERBI_ORIGIN = {
  targetOrigin: 'https://app.powerbi.com',
  frameOrigin: 'https://app.powerbi.com',
};

const REEMBED_STEPS = [
  'reembed.same-type',
  'reembed.without-type',
  'reembed.set-access-token',
] as const;

/**
 * Containers whose embed fails config validation in the scenario. The original inserted the iframe
 * before validating and left it there; embed-core validates first and leaves the container as it was.
 */
const FAILED_VALIDATION = [
  'bad-dashboard-page-view',
  'bad-qna-no-datasets',
  'bad-rdl-parameter-without-name',
  'bad-report-bad-settings',
  'bad-report-token-not-string',
  'bad-tile-no-dashboard-id',
  'bad-tile-token-type',
  'bad-visual-bad-settings',
];
const LEFTOVER_IFRAME = new RegExp(
  `(<div data-name=\\\\"(?:${FAILED_VALIDATION.join('|')})\\\\">)<iframe [^>]*uid=<uid#(\\d+)>[^>]*></iframe>`,
  'g',
);
/** The anonymous uids only those leftover iframes carried (found in the original's DOM records). */
const droppedUids = new Set<number>();

/** Without the leftover iframes, later anonymous uids are numbered as if those never existed. */
function renumberUids(json: string): string {
  return json.replace(/<uid#(\d+)>/g, (_m, n: string) => {
    const k = Number(n);
    const before = [...droppedUids].filter((d) => d < k).length;
    return `<uid#${k - before}>`;
  });
}

export const deliberateDifferences: DeliberateDifference[] = [
  {
    id: 'front-load-at-most-two',
    steps: ['frontload.ready'],
    aspects: ['wire', 'targetOrigins'],
    what: "The scenario's r1 is its Service's third component: it gets no front-load, so its 'ready' sends no /frontload/config.",
    why: 'At most 2 components of a Service get a front-load; the original compared the count before adding the new component with <=, so the first three got one.',
    expected: (original, _step, aspect) => {
      // One message (and its one target origin) in the original, none here.
      expect(original).toHaveLength(1);
      if (aspect === 'wire')
        expect((original as Array<{ url: string }>)[0]?.url).toBe('/frontload/config');
      return [];
    },
  },
  {
    id: 'validation-leaves-container',
    steps: ['*'],
    aspects: ['dom', 'result', 'wire', 'events', 'replies'],
    what: 'An embed whose config fails validation leaves its container as it was: no iframe is inserted (so the leftover iframes, and the uids only they carried, are absent from later records).',
    why: 'The original created the iframe, then threw the validation errors, leaving an iframe that never loads in the page; validating first keeps the container usable and the DOM honest.',
    expected: (original, _step, aspect) =>
      rewrite(original, (json) => {
        if (aspect === 'dom') {
          json = json.replace(LEFTOVER_IFRAME, (_m, open: string, uid: string) => {
            droppedUids.add(Number(uid));
            return open;
          });
        }
        return renumberUids(json);
      }),
  },
  {
    id: 'target-origin',
    steps: ['*'],
    aspects: ['targetOrigins'],
    what: "Requests are posted with the frame's origin as target origin instead of '*'.",
    why: "Posting to '*' hands tokens and report data to whatever page the frame navigated to; the target origin is transport, not message content, so the frame receives the same message.",
    expected: (original) =>
      (original as Array<{ targetOrigin: string; frameOrigin: string }>).map((o) => {
        expect(o.targetOrigin).toBe('*');
        return { targetOrigin: o.frameOrigin, frameOrigin: o.frameOrigin };
      }),
  },
  {
    id: 'off-unknown-handler',
    steps: ['event.loaded-after-off-all', 'event.loaded-again'],
    aspects: ['events'],
    what: "off('error', handlerNeverRegistered) no longer drops the first registered entry (r1's 'loaded' handler), so a later off('loaded') really removes that handler: it stops receiving events.",
    why: 'Fixed bug: the original removed eventHandlers[0] when the handler was unknown, leaving its DOM listener attached and impossible to remove with off(name).',
    expected: (original) => {
      const events = original as Array<{ handler: string }>;
      expect(events.some((e) => e.handler === 'loaded')).toBe(true);
      return events.filter((e) => e.handler !== 'loaded');
    },
  },
  {
    id: 'bookmarks-uid',
    steps: [
      'bookmarks.get',
      'bookmarks.apply',
      'bookmarks.play',
      'bookmarks.capture',
      'bookmarks.capture-defaults',
      'bookmarks.apply-state',
      'bookmarks.apply-400',
    ],
    aspects: ['wire'],
    what: "Bookmark requests carry the report's uid header (the original sent uid: undefined).",
    why: "Fixed bug: the manager read uniqueId from the caller's config, which has none; the frame uses uid to address the embed, like every other report request.",
    expected: (original) =>
      (original as Array<{ headers: Record<string, unknown> }>).map((m) => {
        expect(m.headers.uid).toBe(UNDEFINED);
        return { ...m, headers: { ...m.headers, uid: '<uid:r1>' } };
      }),
  },
  {
    id: 'rejection-carries-error-after-reset',
    steps: ['reset.call-after-reset', 'reset.token-after-reset'],
    aspects: ['result'],
    what: "API calls on a reset component reject with an EmbedError (code 'NoFrame') instead of undefined.",
    why: 'Fixed: the original rejected with undefined (the hpm error was lost by `throw response.body`), leaving callers nothing to log or branch on.',
    expected: (original) => {
      expect(original).toEqual({ kind: 'reject', value: UNDEFINED });
      return {
        kind: 'reject',
        value: expect.objectContaining({ $error: 'EmbedError', code: 'NoFrame' }) as unknown,
      };
    },
  },
  {
    id: 'rejection-carries-error-not-found',
    steps: ['report.get-active-page-none-active', 'visual.get-visual-descriptor-missing'],
    aspects: ['result'],
    what: "getActivePage() with no active page rejects 'PowerBIEntityNotFound' (like getPageByName); getVisualDescriptor() for a missing visual rejects its { message: 'visualNotFound', detailedMessage: 'Visual not found' } error.",
    why: 'Fixed: the original rejected with undefined in both cases, losing the reason it had computed.',
    expected: (original, stepId) => {
      expect(original).toEqual({ kind: 'reject', value: UNDEFINED });
      return {
        kind: 'reject',
        value:
          stepId === 'report.get-active-page-none-active'
            ? 'PowerBIEntityNotFound'
            : { message: 'visualNotFound', detailedMessage: 'Visual not found' },
      };
    },
  },
  {
    id: 'reset-rejects-pending',
    steps: ['reset.pending-request'],
    aspects: ['result'],
    what: "A request pending when its component is reset rejects with EmbedError code 'Disposed'; in the original it stays pending forever.",
    why: 'Teardown must not leak promises (and the closures they hold); callers awaiting a call on an unmounted embed get a clear error.',
    expected: (original) => {
      expect(original).toEqual({ kind: 'pending' });
      return {
        kind: 'reject',
        value: expect.objectContaining({ $error: 'EmbedError', code: 'Disposed' }) as unknown,
      };
    },
  },
  {
    id: 'reembed-keeps-unique-id',
    steps: [...REEMBED_STEPS],
    aspects: ['wire', 'result'],
    what: 'Re-embedding on the same element keeps the component uniqueId (uid header, config.uniqueId); the original generated a new one each time.',
    why: "Fixed bug: the iframe src keeps the old uid, so after re-embed the original's events (posted under the frame's uid) no longer reached the component.",
    expected: (original) => rewrite(original, (json) => json.replace(/<uid:re~\d+>/g, '<uid:re>')),
  },
  {
    id: 'reembed-events-still-routed',
    steps: ['reembed.event-after-reembed'],
    aspects: ['events'],
    what: 'After a re-embed, an event the frame posts under its uid still reaches the handlers.',
    why: 'Consequence of keeping uniqueId on re-embed (see reembed-keeps-unique-id): the original silently dropped these events.',
    expected: (original) => {
      expect(original).toEqual([]);
      return [{ handler: 're-loaded', type: 'loaded', detail: {}, on: 'c-reembed' }];
    },
  },
  {
    id: 'reembed-keeps-type',
    steps: ['reembed.without-type', 'reembed.set-access-token'],
    aspects: ['wire', 'result'],
    what: "Re-embedding with a config without `type` keeps config.type 'report' (load body, result); setAccessToken then posts /report/token instead of /undefined/token.",
    why: 'Fixed bug: the original copied the new config verbatim, erasing the type and breaking every type-dependent call afterwards.',
    expected: (original) =>
      rewrite(original, (json) =>
        json
          .replace(`"type":"${UNDEFINED}"`, '"type":"report"')
          .replace('"/undefined/token"', '"/report/token"'),
      ),
  },
  {
    id: 'different-type-message',
    steps: ['reembed.different-type'],
    aspects: ['result'],
    what: "The 'different type' error names the existing component's type ('report') instead of 'undefined'.",
    why: "Fixed bug: the original interpolated the Service's config type, which never exists; the message is otherwise unchanged so code matching its start still works.",
    expected: (original) =>
      rewrite(original, (json) => {
        expect(json).toContain('embed of type: undefined which');
        return json.replace('embed of type: undefined which', 'embed of type: report which');
      }),
  },
  {
    id: 'report-over-create',
    steps: ['reembed.report-over-create', 'reembed.report-over-create-event'],
    aspects: ['result', 'wire', 'targetOrigins', 'console', 'events'],
    what: "Embedding a report on an element holding a Create component loads it (/report/load is sent, no 'iframe is not ready' debug line), registers the Report (not the old Create) and keeps the frame's uid, so the frame's events reach the report's handlers.",
    why: 'Fixed bug: the original built the Report but never sent its load (iframeLoaded was false), put the old Create in the registry and regenerated uids, so the report stayed blank and deaf.',
    expected: (original, stepId, aspect) => {
      if (stepId === 'reembed.report-over-create-event') {
        if (aspect !== 'events') return original;
        expect(original).toEqual([]);
        return [
          { handler: 'over-create-loaded', type: 'loaded', detail: {}, on: 'c-create-report' },
        ];
      }
      switch (aspect) {
        case 'wire':
          expect(original).toEqual([]);
          return [
            expect.objectContaining({
              frame: 'c-create-report',
              method: 'POST',
              url: '/report/load',
              headers: expect.objectContaining({ uid: '<uid:cr-re>' }) as unknown,
            }),
          ];
        case 'targetOrigins':
          return [POWERBI_ORIGIN];
        case 'console':
          expect(original).toEqual([
            'debug: Power BI SDK is trying to post /report/load before iframe is ready.',
          ]);
          return [];
        default:
          // The same Report, with the uid of the iframe it took over.
          return rewrite(original, (json) => json.replace('<uid:cr-re-report>', '<uid:cr-re>'));
      }
    },
  },
  {
    id: 'report-over-quick-create',
    steps: ['reembed.report-over-quick-create'],
    aspects: ['result', 'wire', 'targetOrigins'],
    what: "A report can replace a quickCreate component on the same element like it replaces createReport's; the original threw its 'different type' error.",
    why: "The original compared against 'quickcreate' while quickCreate() stores 'quickCreate', so the documented create→report hand-over never worked for quick create.",
    expected: (original, _stepId, aspect) => {
      if (aspect === 'wire') {
        expect(original).toEqual([]);
        return [expect.objectContaining({ method: 'POST', url: '/report/load' })];
      }
      if (aspect === 'targetOrigins') return [POWERBI_ORIGIN];
      expect(original).toMatchObject({ kind: 'throw' });
      return {
        kind: 'return',
        value: expect.objectContaining({ $embed: 'Report' }) as unknown,
      };
    },
  },
  {
    id: 'create-report-hook-route',
    steps: ['create.hook-new-access-token'],
    aspects: ['replies'],
    what: "createReport's accessTokenProvider answers the frame's newAccessToken hook (200 + the new token).",
    why: 'Fixed bug: the original accepted the hook and advertised tokenProviderSupplied for create but registered no route, so the frame never got an answer.',
    expected: (original) =>
      (original as Reply[]).map((post) => {
        expect(post.replies).toEqual([]);
        return { ...post, replies: [{ statusCode: 200, body: 'tok-aad-fresh', headers: {} }] };
      }),
  },
  {
    id: 'one-answer-per-frame-message',
    steps: ['service2.event-from-its-frame', 'service2.event-from-first-service-frame'],
    aspects: ['replies'],
    what: 'With two Services, a frame message is answered once, by the Service that owns the frame; the original answered it once per Service.',
    why: 'Each Service only accepts messages whose source is one of its own frames (origin policy); duplicate answers were noise at best and a cross-embed leak at worst.',
    expected: (original) =>
      (original as Reply[]).map((post) => {
        expect(post.replies).toHaveLength(2);
        return { ...post, replies: post.replies.slice(0, 1) };
      }),
  },
  {
    id: 'removed-frame-ignored',
    steps: ['reset.event-from-removed-frame'],
    aspects: ['replies'],
    what: 'A message from the frame of a reset component is ignored (not answered).',
    why: "The origin policy only accepts messages from the windows of this Service's current iframes; the original answered any window.",
    expected: (original) =>
      (original as Reply[]).map((post) => {
        expect(post.replies).toHaveLength(1);
        return { ...post, replies: [] };
      }),
  },
  {
    id: 'untrusted-origin-message',
    steps: [
      'validate.http-url',
      'validate.foreign-host',
      'validate.bare-domain',
      'validate.preload-bad-url',
    ],
    aspects: ['result'],
    what: "A well-formed http(s) embed URL refused for its origin throws EmbedError 'UntrustedOrigin', whose message names the origin and what to change (trustedOrigins, or https) before the original text.",
    why: "The original's text blames the hostname or protocol and points to the REST APIs; someone embedding a local emulator learns nothing from it. The original text stays in the message, so includes() matches still work.",
    expected: (original, stepId) => {
      const INVALID =
        'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL';
      expect(original).toEqual({ kind: 'throw', value: { $error: 'Error', message: INVALID } });
      const origin = {
        'validate.http-url': 'http://app.powerbi.com',
        'validate.foreign-host': 'https://app.powerbi.com.evil.example',
        'validate.bare-domain': 'https://powerbi.com',
        'validate.preload-bad-url': 'http://app.powerbi.com',
      }[stepId];
      const message = expect.stringMatching(
        new RegExp(
          `^The embed URL's origin ${origin?.replace(/\./g, '\\.')} is not trusted: .*${INVALID.replace(/\./g, '\\.')}$`,
        ),
      ) as unknown;
      return {
        kind: 'throw',
        value: {
          $error: 'EmbedError',
          name: 'EmbedError',
          code: 'UntrustedOrigin',
          message,
          detailedMessage: message,
        },
      };
    },
  },
];

export function differencesFor(stepId: string, aspect: Aspect): DeliberateDifference[] {
  return deliberateDifferences.filter(
    (d) => d.aspects.includes(aspect) && (d.steps.includes('*') || d.steps.includes(stepId)),
  );
}
