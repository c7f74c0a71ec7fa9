import * as original from 'powerbi-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { factories, service as pbi } from '../src/index.ts';
import { validateEmbedUrl } from '../src/internal/embed-url-validation.ts';

const INVALID_URL =
  'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL';

/** As powerbi-client 2.23.1 validates embed URLs: https on the cloud allow-list, suffix rules for sub-domains, exact sovereign hosts. */
const ACCEPTED = [
  'https://app.powerbi.com/reportEmbed?reportId=r1',
  'https://msit.powerbi.com/reportEmbed',
  'https://APP.POWERBI.COM/reportEmbed',
  'https://a.b.powerbi.com/x',
  'https://app.powerbi.com:8443/reportEmbed', // ports are not checked
  'https://app.fabric.microsoft.com/reportEmbed',
  'https://x.analysis.windows-int.net/reportEmbed',
  'https://x.analysis-df.windows.net/reportEmbed',
  'https://app.powerbi.cn/reportEmbed',
  'https://app.powerbigov.us/reportEmbed',
  'https://app.high.powerbigov.us/reportEmbed',
  'https://app.mil.powerbigov.us/reportEmbed',
  'https://app.powerbi.eaglex.ic.gov/reportEmbed',
  'https://app.powerbi.microsoft.scloud/reportEmbed',
  'https://evil.com@app.powerbi.com/reportEmbed', // userinfo: the host is app.powerbi.com
];

const REJECTED = [
  'https://powerbi.com/reportEmbed', // needs a sub-domain
  'https://app.powerbi.com.evil.com/reportEmbed',
  'https://app.powerbi.com@evil.com/reportEmbed', // userinfo: the host is evil.com
  'https://evilpowerbi.com/reportEmbed',
  'https://foo.app.powerbi.cn/reportEmbed', // exact rule
  'https://foo.app.powerbigov.us/reportEmbed',
  'https://app.powerbi.de/reportEmbed',
  'https://fabric.microsoft.com/reportEmbed',
  'http://app.powerbi.com/reportEmbed', // http never passes
  'http://app.powerbi.cn/reportEmbed',
  'ftp://app.powerbi.com/reportEmbed',
  'javascript:alert(1)//app.powerbi.com',
  'data:text/html,app.powerbi.com',
  '//app.powerbi.com/reportEmbed', // relative: not a URL
  'app.powerbi.com/reportEmbed',
  'not a url',
  '',
  undefined,
];

describe('embed URL validation', () => {
  it.each(ACCEPTED)('should accept %s', (url) => {
    expect(validateEmbedUrl(url)).toBe(true);
  });

  it.each(REJECTED)('should reject %s', (url) => {
    expect(validateEmbedUrl(url)).toBe(false);
  });

  it('should be stateless (2.23.0 alternated true/false between calls)', () => {
    for (let i = 0; i < 5; i++) {
      expect(validateEmbedUrl('https://app.powerbi.com/reportEmbed')).toBe(true);
      expect(validateEmbedUrl('https://app.powerbi.de/reportEmbed')).toBe(false);
    }
  });

  it('should never be widened by trusted origins beyond those exact origins', () => {
    const trusted = new Set(['http://localhost:5300']);
    expect(validateEmbedUrl('http://localhost:5300/reportEmbed', trusted)).toBe(true);
    expect(validateEmbedUrl('http://LOCALHOST:5300/reportEmbed', trusted)).toBe(true);
    for (const url of REJECTED) expect(validateEmbedUrl(url, trusted)).toBe(false);
    expect(validateEmbedUrl('http://localhost:5301/reportEmbed', trusted)).toBe(false);
    expect(validateEmbedUrl('http://localhost/reportEmbed', trusted)).toBe(false);
  });

  it('should agree with powerbi-client 2.23.1 on every row', () => {
    const reference = new original.service.Service(
      original.factories.hpmFactory,
      original.factories.wpmpFactory,
      original.factories.routerFactory,
    );
    const verdict = (embedUrl: string) => {
      const element = document.createElement('div');
      try {
        reference.embed(element, { type: 'report', id: 'r1', embedUrl, accessToken: 't' });
        reference.reset(element);
        return true;
      } catch (error) {
        if ((error as Error).message === INVALID_URL) return false;
        throw error;
      }
    };
    for (const url of ACCEPTED) expect([url, verdict(url)]).toEqual([url, true]);
    for (const url of REJECTED) {
      if (url) expect([url, verdict(url)]).toEqual([url, false]);
    }
    reference.wpmp.stop();
  });

  describe('at embed time', () => {
    let service: pbi.Service;
    let container: HTMLDivElement;

    beforeEach(() => {
      service = new pbi.Service(
        factories.hpmFactory,
        factories.wpmpFactory,
        factories.routerFactory,
      );
      container = document.createElement('div');
      document.body.appendChild(container);
    });

    afterEach(() => {
      service.destroy();
      container.remove();
    });

    it.each(REJECTED.filter((u): u is string => !!u))(
      'should refuse to embed %s with the original message and create no iframe',
      (embedUrl) => {
        expect(() =>
          service.embed(container, { type: 'report', id: 'r1', embedUrl, accessToken: 't' }),
        ).toThrow(INVALID_URL);
        expect(container.querySelector('iframe')).toBeNull();
      },
    );

    it('should refuse preload of an invalid URL', () => {
      expect(() =>
        service.preload({ type: 'report', embedUrl: 'http://app.powerbi.com/x' }),
      ).toThrow(INVALID_URL);
    });

    it('should validate the final src, including the added uid', () => {
      service.embed(container, {
        type: 'report',
        id: 'r1',
        embedUrl: 'https://app.powerbi.com/reportEmbed',
        accessToken: 't',
      });
      expect(container.querySelector('iframe')?.getAttribute('src')).toMatch(
        /^https:\/\/app\.powerbi\.com\/reportEmbed\?uid=\w+$/,
      );
    });
  });
});
