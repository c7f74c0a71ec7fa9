import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { factories, models, service as pbi } from '../src/index.ts';
import { defaultApp, FakeFrameHarness, flush } from './support/fake-frame.ts';

const PORT_CLOSED = 'The message port closed before a response was received.';

/** A frame whose message port closed before its answer is harmless: a warning, not an error. */
describe('port closed', () => {
  let harness: FakeFrameHarness;
  let svc: pbi.Service;
  let container: HTMLDivElement;
  const onError = vi.fn();

  beforeEach(() => {
    onError.mockReset();
    container = document.createElement('div');
    document.body.appendChild(container);
    svc = new pbi.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory, {
      onError,
    });
  });
  afterEach(() => {
    svc.destroy();
    harness.uninstall();
    container.remove();
  });

  function embedWithLoadAnswer(body: unknown) {
    harness = new FakeFrameHarness((request, frame) =>
      request.url === '/report/load' ? { statusCode: 500, body } : defaultApp(request, frame),
    ).install();
    svc.embed(container, {
      type: 'report',
      id: 'r1',
      embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r1',
      accessToken: 't',
      tokenType: models.TokenType.Embed,
    });
  }

  it('logs a failed background load with the port-closed text as a warning, not an error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    embedWithLoadAnswer({ message: PORT_CLOSED });
    await flush();
    expect(onError).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(
      'The message port closed before a response was received',
    );
  });

  it('still reports any other failed background load to onError', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    embedWithLoadAnswer({ message: 'LoadReportFailed' });
    await flush();
    expect(onError).toHaveBeenCalledWith({ message: 'LoadReportFailed' });
    expect(warn).not.toHaveBeenCalled();
  });
});
