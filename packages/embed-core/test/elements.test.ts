import { afterEach, describe, expect, it } from 'vitest';
import { ELEMENT_KINDS, defineElements, type PowerBiReportElement } from '../src/elements.ts';
import { readElementConfig, type ElementAttribute } from '../src/elements/element-config.ts';
import { EmbedErrorCode, type EmbedError } from '../src/index.ts';
import { flush } from './support/fake-frame.ts';

const attrs =
  (values: Partial<Record<ElementAttribute, string>>) =>
  (name: ElementAttribute): string | null =>
    values[name] ?? null;

describe('<powerbi-*> attributes → embed configuration', () => {
  it('should map every attribute to the configuration of its kind', () => {
    const read = readElementConfig(
      'report',
      attrs({
        'embed-url': 'https://app.powerbi.com/reportEmbed?reportId=r1',
        'access-token': 't',
        'token-type': 'AAD',
        'embed-id': 'r1',
        'group-id': 'g1',
        'page-name': 'ReportSection2',
        settings: '{"filterPaneEnabled":false}',
        filters: '[]',
        'trusted-origins': ' http://localhost:5300   http://127.0.0.1:5300 ',
      }),
    );
    expect(read).toEqual({
      ok: true,
      config: {
        type: 'report',
        embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r1',
        accessToken: 't',
        tokenType: 0,
        id: 'r1',
        groupId: 'g1',
        pageName: 'ReportSection2',
        settings: { filterPaneEnabled: false },
        filters: [],
      },
      trustedOrigins: ['http://localhost:5300', 'http://127.0.0.1:5300'],
    });
    const qna = readElementConfig('qna', attrs({ 'embed-url': 'u', 'embed-id': 'ds' }));
    expect(qna.ok && qna.config).toMatchObject({ type: 'qna', datasetIds: ['ds'] });
    const create = readElementConfig('create', attrs({ 'embed-url': 'u', 'embed-id': 'ds' }));
    expect(create.ok && create.config).toMatchObject({ type: 'create', datasetId: 'ds' });
    const visual = readElementConfig(
      'visual',
      attrs({ 'embed-url': 'u', 'embed-id': 'r', 'page-name': 'p', 'visual-name': 'v' }),
    );
    expect(visual.ok && visual.config).toMatchObject({ id: 'r', pageName: 'p', visualName: 'v' });
  });

  it('should wait without an embed URL and name the attribute that is wrong', () => {
    expect(readElementConfig('report', attrs({}))).toEqual({ ok: false, missing: true });
    const cases: Array<[Partial<Record<ElementAttribute, string>>, RegExp]> = [
      [{ settings: '{nope' }, /^Attribute "settings": not valid JSON/],
      [{ settings: '[1]' }, /^Attribute "settings": expected a JSON object/],
      [{ filters: '{}' }, /^Attribute "filters": expected a JSON array/],
      [{ 'token-type': 'bearer' }, /^Attribute "token-type": "bearer" is not embed or aad/],
    ];
    for (const [values, message] of cases) {
      const read = readElementConfig('report', attrs({ 'embed-url': 'u', ...values }));
      expect(read.ok).toBe(false);
      const error = (read as { error: EmbedError }).error;
      expect(error.code).toBe(EmbedErrorCode.InvalidArgument);
      expect(error.message).toMatch(message);
    }
  });
});

describe('<powerbi-*> elements (happy-dom)', () => {
  afterEach(() => document.body.replaceChildren());

  it('should define the six tags, and defining twice is harmless', () => {
    defineElements();
    for (const tag of Object.keys(ELEMENT_KINDS)) expect(customElements.get(tag)).toBeDefined();
  });

  it('should turn bad attribute JSON and an untrusted origin into error events, never throws', async () => {
    const element: PowerBiReportElement = document.createElement('powerbi-report');
    const errors: unknown[] = [];
    element.addEventListener('error', (event) =>
      errors.push((event as unknown as CustomEvent).detail),
    );
    element.setAttribute('embed-url', 'http://localhost:5399/reportEmbed?reportId=r1');
    element.setAttribute('access-token', 't');
    element.setAttribute('embed-id', 'r1');
    element.setAttribute('settings', '{bad');
    document.body.append(element);
    await flush();
    expect((errors[0] as EmbedError).code).toBe(EmbedErrorCode.InvalidArgument);
    expect(element.embed).toBeUndefined();

    element.setAttribute('settings', '{}');
    await flush();
    expect((errors[1] as EmbedError).code).toBe(EmbedErrorCode.UntrustedOrigin);
    expect((errors[1] as EmbedError).message).toContain('http://localhost:5399');
    expect(element.error).toBe(errors[1]);
    expect(element.querySelector('iframe')).toBeNull();

    // Trusting the origin (a Service of its own) embeds; removing the element resets it.
    element.setAttribute('trusted-origins', 'http://localhost:5399');
    await flush();
    expect(element.embed?.config.type).toBe('report');
    expect(element.error).toBeUndefined();
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
    element.remove();
    await flush();
    expect(element.embed).toBeUndefined();
    expect(element.querySelector('iframe')).toBeNull();
  });
});
