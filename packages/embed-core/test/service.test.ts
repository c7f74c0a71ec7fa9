import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { factories, models, service as pbi, type Report } from '../src/index.ts';
import { FakeFrameHarness, flush } from './support/fake-frame.ts';

const EMBED_URL = 'https://app.powerbi.com/reportEmbed?reportId=r1&groupId=g1';

describe('Service.embed', () => {
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

  it('should create the iframe and post /report/load with session headers', async () => {
    const report = service.embed(container, {
      type: 'report',
      id: 'r1',
      embedUrl: EMBED_URL,
      accessToken: 'token-1',
      tokenType: models.TokenType.Embed,
    }) as Report;
    const iframe = container.querySelector('iframe');
    expect(iframe?.getAttribute('src')).toBe(`${EMBED_URL}&uid=${report.config.uniqueId}`);
    expect(iframe?.getAttribute('scrolling')).toBe('no');
    expect(iframe?.getAttribute('allowfullscreen')).toBe('true');
    await flush();
    const [load] = harness.log;
    expect(load?.message.method).toBe('POST');
    expect(load?.message.url).toBe('/report/load');
    expect(load?.message.headers).toMatchObject({
      'x-sdk-type': 'js',
      'x-sdk-version': '2.23.1',
      uid: report.config.uniqueId,
      sdkSessionId: service.getSdkSessionId(),
      sdkVersion: '2.23.1',
    });
    expect(load?.message.body).toMatchObject({ id: 'r1', groupId: 'g1', accessToken: 'token-1' });
    expect(load?.targetOrigin).toBe('https://app.powerbi.com');
  });
});
