import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EmbedErrorCode,
  factories,
  isEmbedError,
  models,
  service as pbi,
  type Embed,
  type Report,
} from '../src/index.ts';
import { defaultApp, FakeFrameHarness, flush, type FakeFrame } from './support/fake-frame.ts';

const HOST = 'https://app.powerbi.com';
const EMULATOR = 'http://localhost:5300';
const INVALID_URL =
  'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL';

/** Leaves GET /report/pages unanswered so the test can answer it by hand. */
const manualPagesApp: typeof defaultApp = (request, frame) =>
  request.url === '/report/pages' ? undefined : defaultApp(request, frame);

/** A window that is not one of the service's frames. */
function foreignWindow() {
  const received: Array<{ message: unknown; origin: string }> = [];
  const win = {
    postMessage: (message: unknown, origin: string) => received.push({ message, origin }),
  } as unknown as Window;
  return { win, received };
}

/** Records what the host sends back to a frame (replies to its event posts) and with which origin. */
function recordReplies(frame: FakeFrame): Array<{ message: unknown; origin: string }> {
  const replies: Array<{ message: unknown; origin: string }> = [];
  const post = frame.window.postMessage.bind(frame.window);
  (frame.window as { postMessage: unknown }).postMessage = (message: unknown, origin: string) => {
    if ('statusCode' in (message as object) || 'warning' in (message as object)) {
      replies.push({ message, origin });
    }
    post(message, origin);
  };
  return replies;
}

describe('origin checks', () => {
  let harness: FakeFrameHarness;
  let service: pbi.Service;
  let container: HTMLDivElement;

  beforeEach(() => {
    harness = new FakeFrameHarness(manualPagesApp).install();
    container = document.createElement('div');
    document.body.appendChild(container);
  });

  afterEach(() => {
    service.destroy();
    harness.uninstall();
    container.remove();
  });

  const newService = (config: pbi.IServiceConfiguration = {}) =>
    new pbi.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory, config);

  async function embedReport(embedUrl = `${HOST}/reportEmbed?reportId=r1`): Promise<Report> {
    const report = service.embed(container, {
      type: 'report',
      id: 'r1',
      embedUrl,
      accessToken: 'token',
      tokenType: models.TokenType.Embed,
    }) as Report;
    await flush();
    return report;
  }

  const eventUrl = (component: Embed<object>, name: string) =>
    `/reports/${component.config.uniqueId}/events/${name}`;

  /** Posts an event as the frame would, with a chosen origin and source. */
  function postEvent(
    frame: FakeFrame,
    url: string,
    origin: string,
    source: unknown = frame.window,
  ): void {
    frame.dispatchToHost(
      { method: 'POST', url, headers: { id: 'evt-1' }, body: {} },
      origin,
      source,
    );
  }

  describe('with the default policy', () => {
    beforeEach(() => {
      service = newService();
    });

    it('should post requests to the frame origin, never "*"', async () => {
      const report = await embedReport();
      report.getPages().catch(() => undefined); // left pending; rejected by destroy()
      await flush();
      expect(harness.log.map((p) => p.targetOrigin)).toEqual([HOST, HOST]);
      expect(harness.calls()).toEqual(['POST /report/load', 'GET /report/pages']);
    });

    it('should answer frame events at the frame origin', async () => {
      const report = await embedReport();
      const frame = harness.frameFor(report.iframe);
      const replies = recordReplies(frame);
      const reply = await frame.post(eventUrl(report, 'loaded'), {});
      expect(reply).toMatchObject({ statusCode: 200 });
      expect(replies.map((r) => r.origin)).toEqual([HOST]);
    });

    it('should process events only from the frame window at its origin', async () => {
      const report = await embedReport();
      const frame = harness.frameFor(report.iframe);
      const replies = recordReplies(frame);
      const loaded = vi.fn();
      report.on('loaded', loaded);
      const stranger = foreignWindow();

      postEvent(frame, eventUrl(report, 'loaded'), 'https://evil.example', frame.window); // right window, wrong origin
      postEvent(frame, eventUrl(report, 'loaded'), 'http://app.powerbi.com', frame.window); // http on the cloud host
      postEvent(frame, eventUrl(report, 'loaded'), HOST, stranger.win); // right origin, foreign window
      postEvent(frame, eventUrl(report, 'loaded'), HOST, window); // the host page itself
      postEvent(frame, eventUrl(report, 'loaded'), HOST, null); // no source at all
      await flush();
      expect(loaded).not.toHaveBeenCalled();
      expect(replies).toHaveLength(0);
      expect(stranger.received).toHaveLength(0);

      postEvent(frame, eventUrl(report, 'loaded'), HOST, frame.window);
      await flush();
      expect(loaded).toHaveBeenCalledTimes(1);
      expect(replies).toHaveLength(1);
    });

    it('should accept another https host of the cloud allow-list (service redirects)', async () => {
      const report = await embedReport();
      const frame = harness.frameFor(report.iframe);
      const replies = recordReplies(frame);
      const loaded = vi.fn();
      report.on('loaded', loaded);
      postEvent(frame, eventUrl(report, 'loaded'), 'https://msit.powerbi.com', frame.window);
      await flush();
      expect(loaded).toHaveBeenCalledTimes(1);
      expect(replies.map((r) => r.origin)).toEqual(['https://msit.powerbi.com']);
    });

    it('should log ignored messages when logMessages is on', async () => {
      service.destroy();
      service = newService({ logMessages: true });
      const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
      const report = await embedReport();
      const frame = harness.frameFor(report.iframe);
      postEvent(frame, eventUrl(report, 'loaded'), 'https://evil.example', frame.window);
      frame.dispatchToHost('just a string');
      expect(debug).toHaveBeenCalledWith(
        expect.stringContaining(
          'Ignored a message from a foreign window or origin (https://evil.example)',
        ),
        expect.objectContaining({ url: eventUrl(report, 'loaded') }),
      );
      expect(debug).toHaveBeenCalledWith(
        expect.stringContaining('Ignored a message that is not an object'),
        'just a string',
      );
    });

    it('should settle a request only with the reply of the window it was sent to, at its origin', async () => {
      const report = await embedReport();
      const second = document.createElement('div');
      document.body.appendChild(second);
      const other = service.embed(second, {
        type: 'report',
        id: 'r2',
        embedUrl: `${HOST}/reportEmbed?reportId=r2`,
        accessToken: 'token',
      });
      await flush();
      const frame = harness.frameFor(report.iframe);
      const otherFrame = harness.frameFor(other.iframe);
      const stranger = foreignWindow();

      const settled = vi.fn();
      const pages = report.getPages().then((value) => {
        settled();
        return value;
      });
      const request = frame.received.at(-1)?.message;
      expect(request?.url).toBe('/report/pages');
      const answer = (body: unknown) => ({
        statusCode: 200,
        headers: { id: request?.headers.id },
        body,
      });

      frame.dispatchToHost(answer([{ name: 'evil' }]), 'https://evil.example', frame.window);
      frame.dispatchToHost(answer([{ name: 'stranger' }]), HOST, stranger.win);
      otherFrame.dispatchToHost(answer([{ name: 'sibling' }])); // another frame of this service
      await flush();
      expect(settled).not.toHaveBeenCalled();
      expect(service.wpmp.pendingCount).toBe(1);

      frame.dispatchToHost(answer([{ name: 'ReportSection1' }]));
      const [page] = await pages;
      expect(page?.name).toBe('ReportSection1');
      service.reset(second);
      second.remove();
    });
  });

  describe('trustedOrigins', () => {
    it('should let a trusted http origin pass validation and messaging without widening the default list', async () => {
      service = newService({ trustedOrigins: [`${EMULATOR}/`] });
      expect(service.validateEmbedUrl(`${EMULATOR}/reportEmbed?reportId=r1`)).toBe(true);
      expect(service.validateEmbedUrl('http://app.powerbi.com/reportEmbed')).toBe(false);
      expect(service.validateEmbedUrl('http://localhost:5301/reportEmbed')).toBe(false);
      expect(service.validateEmbedUrl('https://localhost:5300/reportEmbed')).toBe(false);
      expect(service.validateEmbedUrl('http://127.0.0.1:5300/reportEmbed')).toBe(false);
      expect(service.validateEmbedUrl('https://app.powerbi.com.evil.com/reportEmbed')).toBe(false);
      expect(service.validateEmbedUrl(`${HOST}/reportEmbed`)).toBe(true);

      const report = await embedReport(`${EMULATOR}/reportEmbed?reportId=r1`);
      expect(harness.log[0]?.targetOrigin).toBe(EMULATOR);
      const frame = harness.frameFor(report.iframe);
      expect(frame.origin).toBe(EMULATOR);
      const replies = recordReplies(frame);
      await frame.post(eventUrl(report, 'loaded'), {});
      expect(replies.map((r) => r.origin)).toEqual([EMULATOR]);

      // Other ports and hosts are still refused at embed time, with the original's message.
      for (const url of [
        'http://localhost:5301/reportEmbed?reportId=r1',
        'http://app.powerbi.com/reportEmbed?reportId=r1',
      ]) {
        const element = document.createElement('div');
        expect(() =>
          service.embed(element, { type: 'report', id: 'r1', embedUrl: url, accessToken: 't' }),
        ).toThrow(INVALID_URL);
      }
    });

    it('should refuse a localhost embed URL without trustedOrigins', () => {
      service = newService();
      expect(() =>
        service.embed(container, {
          type: 'report',
          id: 'r1',
          embedUrl: `${EMULATOR}/reportEmbed`,
          accessToken: 't',
        }),
      ).toThrow(INVALID_URL);
      expect(container.children).toHaveLength(0);
    });

    it('should name the untrusted origin and trustedOrigins, with a code of its own', () => {
      service = newService({ trustedOrigins: ['http://localhost:5301'] });
      let thrown: unknown;
      try {
        service.embed(container, {
          type: 'report',
          id: 'r1',
          embedUrl: `${EMULATOR}/reportEmbed?reportId=r1`,
          accessToken: 't',
        });
      } catch (error) {
        thrown = error;
      }
      expect(isEmbedError(thrown) && thrown.code).toBe(EmbedErrorCode.UntrustedOrigin);
      const message = (thrown as Error).message;
      expect(message).toContain(`origin ${EMULATOR} is not trusted`);
      expect(message).toContain(`{ trustedOrigins: ['${EMULATOR}'] }`);
      // Code that matched the original text with includes() still matches.
      expect(message).toContain(INVALID_URL);
      expect(container.children).toHaveLength(0);
      // The same for preload.
      expect(() => service.preload({ type: 'report', embedUrl: `${EMULATOR}/x` })).toThrow(
        `origin ${EMULATOR} is not trusted`,
      );
    });

    it('should keep the original message alone for a URL that is not http(s)', () => {
      service = newService({ trustedOrigins: [EMULATOR] });
      for (const embedUrl of ['not a url', 'javascript:alert(1)//app.powerbi.com', 'ftp://x.y/']) {
        let thrown: unknown;
        try {
          service.embed(container, { type: 'report', id: 'r1', embedUrl, accessToken: 't' });
        } catch (error) {
          thrown = error;
        }
        expect(isEmbedError(thrown)).toBe(false);
        expect((thrown as Error).message).toBe(INVALID_URL);
      }
    });

    it('should ignore trusted origins that are not URLs', () => {
      service = newService({ trustedOrigins: ['not a url', '', EMULATOR] });
      expect(service.validateEmbedUrl(`${EMULATOR}/x`)).toBe(true);
      expect(service.validateEmbedUrl('not a url')).toBe(false);
    });
  });

  describe('originChecks: false', () => {
    it('should post with "*" and accept any origin, but still only from the embed\'s own frame', async () => {
      service = newService({ originChecks: false });
      const report = await embedReport();
      report.getPages().catch(() => undefined); // left pending; rejected by destroy()
      await flush();
      expect(harness.log.map((p) => p.targetOrigin)).toEqual(['*', '*']);

      const frame = harness.frameFor(report.iframe);
      const loaded = vi.fn();
      report.on('loaded', loaded);
      // Any origin is accepted from the report's own frame window…
      postEvent(frame, eventUrl(report, 'loaded'), 'https://evil.example');
      await flush();
      expect(loaded).toHaveBeenCalledTimes(1);
      // …but frame binding does not depend on originChecks: another window naming the uid is ignored.
      const stranger = foreignWindow();
      postEvent(frame, eventUrl(report, 'loaded'), 'https://evil.example', stranger.win);
      await flush();
      expect(loaded).toHaveBeenCalledTimes(1);
    });
  });
});
