import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EmbedError,
  EmbedErrorCode,
  factories,
  models,
  service as pbi,
  type Embed,
} from '../src/index.ts';
import { messages } from '../src/errors.ts';
import { FakeFrameHarness, flush } from './support/fake-frame.ts';

const U = 'https://app.powerbi.com/reportEmbed';
const report = (extra: Record<string, unknown> = {}) => ({
  type: 'report',
  id: 'r1',
  embedUrl: U,
  accessToken: 't',
  ...extra,
});

/** What `embed()` must throw: an Error with this exact message, or the validator's `[{ message }]` list. */
type Expected = { error: string | RegExp } | { list: string[] } | { code: string; error: RegExp };

const CASES: Array<[string, unknown, Expected]> = [
  [
    'missing type',
    { id: 'r1', embedUrl: U, accessToken: 'secret' },
    {
      error:
        /^Attempted to embed using config \{"id":"r1","embedUrl":"https:\/\/app\.powerbi\.com\/reportEmbed","accessToken":""\} on element <div>(<p>loading…<\/p>)?<\/div>, but could not determine what type of component to embed\. You must specify a type in the configuration or as an attribute such as 'powerbi-type="report"'\.$/,
    },
  ],
  [
    'unknown type',
    report({ type: 'chart' }),
    {
      error:
        'Attempted to embed component of type: chart but did not find any matching component.  Please verify the type you specified is intended.',
    },
  ],
  ['missing url', report({ embedUrl: undefined }), { error: messages.embedUrlRequired }],
  ['non-string url', report({ embedUrl: 42 }), { error: messages.embedUrlRequired }],
  ['missing token', report({ accessToken: undefined }), { error: messages.noAccessToken }],
  ['non-string token', report({ accessToken: 42 }), { list: ['accessToken must be a string'] }],
  ['missing report id', report({ id: undefined }), { error: messages.reportIdRequired }],
  [
    'missing dashboard id',
    { type: 'dashboard', embedUrl: U, accessToken: 't' },
    { error: messages.dashboardIdRequired },
  ],
  [
    'missing tile id',
    { type: 'tile', dashboardId: 'd1', embedUrl: U, accessToken: 't' },
    { error: messages.tileIdRequired },
  ],
  [
    'tile without dashboardId',
    { type: 'tile', id: 't1', embedUrl: U, accessToken: 't' },
    { list: ['dashboardId is required'] },
  ],
  [
    'qna without datasetIds',
    { type: 'qna', embedUrl: U, accessToken: 't' },
    { list: ['datasetIds is required'] },
  ],
  [
    'invalid dashboard pageView',
    { type: 'dashboard', id: 'd1', pageView: 'huge', embedUrl: U, accessToken: 't' },
    {
      list: [
        'pageView must be a string with one of the following values: "actualSize", "fitToWidth", "oneColumn"',
      ],
    },
  ],
  [
    'invalid filters',
    report({ filters: 'country = NL' }),
    { list: ['filters property is invalid'] },
  ],
  [
    'invalid extensions',
    report({ settings: { extensions: 'menu' } }),
    { list: ['extensions property is invalid'] },
  ],
  [
    'autoAuth URL',
    report({ embedUrl: `${U}?autoAuth=true` }),
    { error: messages.embedUrlNotSupported },
  ],
  [
    'encoded autoAuth URL',
    report({ embedUrl: `${U}?autoAuth%3DTRUE` }),
    { error: messages.embedUrlNotSupported },
  ],
  [
    'invalid host',
    report({ embedUrl: 'https://evil.example/reportEmbed' }),
    {
      code: 'UntrustedOrigin',
      error: /origin https:\/\/evil\.example is not trusted.*trustedOrigins/,
    },
  ],
  [
    'http URL',
    report({ embedUrl: 'http://app.powerbi.com/reportEmbed' }),
    { code: 'UntrustedOrigin', error: /http:\/\/app\.powerbi\.com.*https only/ },
  ],
  ['malformed URL', report({ embedUrl: 'https://' }), { error: messages.invalidEmbedUrl }],
  [
    'eventHooks value not a function',
    report({ eventHooks: { applicationContextProvider: 'yes' } }),
    { error: 'applicationContextProvider must be a function' },
  ],
  ['eventHooks as a string', report({ eventHooks: 'abc' }), { error: '0 must be a function' }],
  [
    'applicationContextProvider on a dashboard',
    {
      type: 'dashboard',
      id: 'd1',
      embedUrl: U,
      accessToken: 't',
      eventHooks: { applicationContextProvider: () => ({}) },
    },
    { error: messages.applicationContextProviderReportOnly },
  ],
  [
    'accessTokenProvider with an embed token',
    report({ tokenType: models.TokenType.Embed, eventHooks: { accessTokenProvider: () => 't2' } }),
    { error: messages.accessTokenProviderReportOnly },
  ],
  [
    'null configuration',
    null,
    {
      code: EmbedErrorCode.InvalidArgument,
      error: /embed configuration must be an object; received null/,
    },
  ],
  [
    'string configuration',
    'report',
    {
      code: EmbedErrorCode.InvalidArgument,
      error: /embed configuration must be an object; received string/,
    },
  ],
];

describe('bad input', () => {
  let harness: FakeFrameHarness;
  let service: pbi.Service;
  let container: HTMLDivElement;

  beforeEach(() => {
    harness = new FakeFrameHarness().install();
    service = new pbi.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);
    container = document.createElement('div');
    document.body.appendChild(container);
  });

  afterEach(() => {
    service.destroy();
    harness.uninstall();
    container.remove();
  });

  describe('invalid configurations', () => {
    it.each(CASES)('%s', (_name, config, expected) => {
      // What the host had in the container must still be there, untouched, after the failure.
      const placeholder = document.createElement('p');
      placeholder.textContent = 'loading…';
      container.appendChild(placeholder);
      let thrown: unknown;
      try {
        service.embed(container, config as models.IEmbedConfiguration);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeDefined();
      expect(thrown).not.toBeInstanceOf(TypeError);
      if ('list' in expected) {
        expect(thrown).toEqual(expected.list.map((message) => ({ message })));
      } else {
        expect(thrown).toBeInstanceOf(Error);
        const message = (thrown as Error).message;
        if (typeof expected.error === 'string') expect(message).toBe(expected.error);
        else expect(message).toMatch(expected.error);
        if ('code' in expected) expect((thrown as EmbedError).code).toBe(expected.code);
      }
      // Nothing half-built is left behind: no component, no iframe, the container as it was.
      expect(service.getEmbeds()).toHaveLength(0);
      expect(Array.from(container.childNodes)).toEqual([placeholder]);
    });

    it('should never print the access token in an error', () => {
      expect(() =>
        service.embed(container, { id: 'r1', embedUrl: U, accessToken: 'top-secret-token' }),
      ).toThrow(/"accessToken":""/);
      try {
        service.embed(container, { id: 'r1', embedUrl: U, accessToken: 'top-secret-token' });
      } catch (error) {
        expect((error as Error).message).not.toContain('top-secret-token');
      }
    });

    it.each([
      ['null', null],
      ['undefined', undefined],
      ['a string', '#report'],
      ['a plain object', {}],
    ])('should reject %s as the container with InvalidArgument', (_name, element) => {
      for (const call of [
        () => service.embed(element as HTMLElement, report()),
        () => service.load(element as HTMLElement, report()),
        () => service.bootstrap(element as HTMLElement, report()),
        () => service.get(element as HTMLElement),
        () => service.createReport(element as HTMLElement, { datasetId: 'ds', accessToken: 't' }),
      ]) {
        expect(call).toThrow(EmbedError);
        expect(call).toThrow(/the container must be an HTML element/);
      }
    });

    it('should treat reset of a missing element as a no-op, and refuse a non-element', () => {
      expect(() => service.reset(null as unknown as HTMLElement)).not.toThrow();
      expect(() => service.reset(undefined as unknown as HTMLElement)).not.toThrow();
      for (const value of ['#report', 42, {}]) {
        expect(() => service.reset(value as unknown as HTMLElement)).toThrow(
          /service\.reset: the container must be an HTML element/,
        );
      }
    });

    it.each([
      ['null', null],
      ['undefined', undefined],
      ['a string', 'https://app.powerbi.com/reportEmbed'],
      ['a number', 7],
    ])('should refuse %s as the preload config with InvalidArgument', (_name, config) => {
      const call = () => service.preload(config as models.IEmbedConfiguration);
      expect(call).toThrow(EmbedError);
      expect(call).toThrow(/service\.preload: the embed configuration must be an object/);
      expect(document.querySelectorAll('iframe')).toHaveLength(0);
    });

    it('should refuse a preload target that is not an element', () => {
      expect(() => service.preload({ embedUrl: U }, 'body' as unknown as HTMLElement)).toThrow(
        /service\.preload: the container must be an HTML element/,
      );
    });

    it.each([
      ['null', null],
      ['a number', 3],
      ['a string', 'report'],
      ['an array', []],
    ])('should refuse %s as the config of embed, load and bootstrap', (_name, config) => {
      for (const call of [
        () => service.embed(container, config as models.IEmbedConfiguration),
        () => service.load(container, config as models.IEmbedConfiguration),
        () => service.bootstrap(container, config as models.IEmbedConfiguration),
      ]) {
        expect(call).toThrow(EmbedError);
        expect(call).toThrow(/the embed configuration must be an object/);
      }
      expect(container.childNodes).toHaveLength(0);
    });

    it('should encode every value it adds to the iframe URL', () => {
      const embedded = service.embed(
        container,
        report({
          settings: { localeSettings: { language: 'en&x=y', formatLocale: 'de#frag' } },
        }),
      );
      const src = new URL(embedded.iframe.getAttribute('src') as string);
      expect(src.searchParams.get('language')).toBe('en&x=y');
      expect(src.searchParams.get('formatLocale')).toBe('de#frag');
      expect(src.searchParams.has('x')).toBe(false);
      expect(src.hash).toBe('');
    });

    it('should keep the original messages for bad event names and empty tokens', async () => {
      const component = service.embed(container, report());
      expect(() => component.on('pageChange', () => undefined)).toThrow(
        /^eventName must be one of loaded,saved,rendered,.*\. You passed: pageChange$/,
      );
      await expect(component.setAccessToken('')).rejects.toThrow(messages.accessTokenEmpty);
    });

    it('should keep the original messages of register()', () => {
      const factory = () => ({}) as Embed<object>;
      expect(() => service.register('Report', factory, [])).toThrow(messages.componentNameReserved);
      expect(() => service.register('custom', factory, ['/custom/:uniqueId'])).toThrow(
        messages.invalidRouterEventUrl,
      );
      expect(() => service.register('custom', factory, [])).toThrow(
        messages.componentAlreadyRegistered,
      );
    });
  });

  describe('malformed and foreign messages', () => {
    let component: Embed<object>;
    let uncaught: unknown[];
    const onWindowError = (event: Event) => uncaught.push((event as ErrorEvent).error ?? event);

    beforeEach(async () => {
      uncaught = [];
      window.addEventListener('error', onWindowError);
      component = service.embed(container, report());
      await flush();
    });

    afterEach(() => {
      window.removeEventListener('error', onWindowError);
    });

    function deep(depth: number): object {
      let node: Record<string, unknown> = { leaf: true };
      for (let i = 0; i < depth; i++) node = { child: node };
      return node;
    }

    it('should ignore them without throwing and keep working', async () => {
      const frame = harness.frameFor(component.iframe);
      const uid = component.config.uniqueId as string;
      const cyclic: Record<string, unknown> = {
        method: 'POST',
        url: `/reports/${uid}/events/pageChanged`,
        headers: { id: 'cyc' },
      };
      cyclic.body = cyclic; // structured clone allows cycles; JSON does not
      const wide = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));
      const garbage: unknown[] = [
        'a string',
        '',
        42,
        true,
        null,
        undefined,
        [],
        [1, 2, 3],
        [{ method: 'POST', url: `/reports/${uid}/events/loaded` }],
        {},
        { method: 'POST' },
        { url: `/reports/${uid}/events/loaded` },
        { method: 42, url: {} },
        { method: 'POST', url: 42, headers: null },
        { method: 'POST', url: '/unknown/route', headers: { id: 'u1' } },
        { method: 'GET', url: `/reports/${uid}/events/loaded`, headers: { id: 'g1' } },
        { method: 'POST', url: `/reports/${uid}/events/loaded`, headers: 'not an object' },
        { method: 'POST', url: `/reports/%E0%A4%A/events/loaded`, headers: { id: 'pct' } },
        { statusCode: 'two hundred', headers: { id: 123 } },
        { statusCode: 500, headers: { id: 'no-such-request' }, body: 'late' },
        { method: 'POST', url: `/reports/${uid}/events/pageChanged`, headers: { id: 'p1' } },
        {
          method: 'POST',
          url: `/reports/${uid}/events/pageChanged`,
          headers: { id: 'p2' },
          body: deep(20_000),
        },
        cyclic,
        { method: 'POST', url: `/reports/${uid}/events/loaded`, headers: { id: 'w1' }, body: wide },
        deep(20_000),
        Object.create(null) as object,
      ];
      for (const data of garbage) expect(() => frame.dispatchToHost(data)).not.toThrow();
      await flush(20);
      expect(uncaught).toEqual([]);

      // Still fully working afterwards.
      const loaded = vi.fn();
      component.on('loaded', loaded);
      await expect(
        frame.post(`/reports/${uid}/events/loaded`, { ok: true }),
      ).resolves.toMatchObject({ statusCode: 200 });
      expect(loaded).toHaveBeenCalledTimes(1);
      expect(service.wpmp.pendingCount).toBe(0);
    });

    it('should answer a pageChanged event without newPage instead of crashing', async () => {
      const frame = harness.frameFor(component.iframe);
      const reply = await frame.post(
        `/reports/${component.config.uniqueId}/events/pageChanged`,
        {},
      );
      expect(reply).toHaveProperty('warning');
      expect(uncaught).toEqual([]);
    });
  });
});
