import { describe, expect, it } from 'vitest';
import { models, type Report } from '../src/index.ts';
import { flush } from './support/fake-frame.ts';
import { REPORT_URL, useReportFixture } from './support/report-fixture.ts';

describe('Service.embed', () => {
  const f = useReportFixture();

  it('should create the iframe and post /report/load with session headers', async () => {
    const report = f.service.embed(f.container, {
      type: 'report',
      id: 'r1',
      embedUrl: REPORT_URL,
      accessToken: 'token-1',
      tokenType: models.TokenType.Embed,
    }) as Report;
    const iframe = f.container.querySelector('iframe');
    expect(iframe?.getAttribute('src')).toBe(`${REPORT_URL}&uid=${report.config.uniqueId}`);
    expect(iframe?.getAttribute('scrolling')).toBe('no');
    expect(iframe?.getAttribute('allowfullscreen')).toBe('true');
    await flush();
    const [load] = f.harness.log;
    expect(load?.message.method).toBe('POST');
    expect(load?.message.url).toBe('/report/load');
    expect(load?.message.headers).toMatchObject({
      'x-sdk-type': 'js',
      'x-sdk-version': '2.23.1',
      uid: report.config.uniqueId,
      sdkSessionId: f.service.getSdkSessionId(),
      sdkVersion: '2.23.1',
    });
    expect(load?.message.body).toMatchObject({ id: 'r1', groupId: 'g1', accessToken: 'token-1' });
    expect(load?.targetOrigin).toBe('https://app.powerbi.com');
  });
});
