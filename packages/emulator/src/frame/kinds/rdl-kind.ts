import * as models from 'powerbi-models';
import type { ParameterDefinition, QueryResult, ReportDefinition } from '../../contract.ts';
import { badRequest, FrameError, FrameErrorCode, iError, objectBody } from '../frame-errors.ts';
import { accepted, type RouteTable } from '../protocol/route-table.ts';
import type { FrameTransport } from '../protocol/transport.ts';
import { basicInFilter } from '../report/filters.ts';
import { h } from '../render/dom.ts';
import { formatValue } from '../render/format.ts';
import { EmbedSession } from './embed-session.ts';
import { registerLoadRoute, registerTokenRoutes } from './session-routes.ts';
import { registerKindCommonRoutes } from './unsupported-routes.ts';

const ROWS_PER_PAGE = 25;

/**
 * A paginated (RDL) report: a parameters panel and the report's table split into numbered pages.
 * Everything else the library refuses for RDL embeds before a message is sent.
 */
export function registerRdlRoutes(
  routes: RouteTable,
  transport: FrameTransport,
  root: HTMLElement,
  uid: string,
): void {
  // A paginated embed is a Report to the library, so it may carry an accessTokenProvider.
  const session = new EmbedSession(transport, 'reports', root, uid, { tokenProvider: true });
  let parameterPanel: { enabled?: boolean; expanded?: boolean } = {};
  let form: HTMLFormElement | undefined;
  /** Hidden when disabled; collapsed to its button when not expanded (settings.commands). */
  const applyPanel = () => {
    if (!form) return;
    form.hidden = parameterPanel.enabled === false;
    form.classList.toggle('cv-collapsed', parameterPanel.expanded === false);
  };

  const run = async (report: ReportDefinition, values: Map<string, string>, body: HTMLElement) => {
    const visual = report.pages[0]?.visuals[0];
    if (!visual)
      throw new FrameError(
        400,
        iError(
          FrameErrorCode.LoadReportFailed,
          FrameErrorCode.LoadReportFailed,
          'The paginated report has no body.',
        ),
      );
    const filters = (report.parameters ?? []).flatMap((parameter) => {
      const value = values.get(parameter.name);
      return parameter.target && value ? [basicInFilter(parameter.target, [value])] : [];
    });
    const result = await session.api.query(
      { ...visual.query, datasetId: report.datasetId, filters },
      report.id,
    );
    renderPages(report, result, values, body, 0);
  };

  const renderPages = (
    report: ReportDefinition,
    result: QueryResult,
    values: Map<string, string>,
    body: HTMLElement,
    pageIndex: number,
  ) => {
    const pageCount = Math.max(1, Math.ceil(result.rows.length / ROWS_PER_PAGE));
    const rows = result.rows.slice(pageIndex * ROWS_PER_PAGE, (pageIndex + 1) * ROWS_PER_PAGE);
    const pager = h(
      'div',
      { class: 'cv-rdl-pager' },
      h(
        'button',
        {
          type: 'button',
          class: 'cv-button',
          disabled: pageIndex === 0,
          'aria-label': 'Previous page',
          onclick: () => renderPages(report, result, values, body, pageIndex - 1),
        },
        '‹',
      ),
      h(
        'span',
        { 'data-page-index': pageIndex + 1, 'data-page-count': pageCount },
        `Page ${pageIndex + 1} of ${pageCount}`,
      ),
      h(
        'button',
        {
          type: 'button',
          class: 'cv-button',
          disabled: pageIndex >= pageCount - 1,
          'aria-label': 'Next page',
          onclick: () => renderPages(report, result, values, body, pageIndex + 1),
        },
        '›',
      ),
    );
    const subtitle = [...values.entries()].map(([k, v]) => `${k}: ${v}`).join(' · ');
    body.replaceChildren(
      h('h1', {}, report.name),
      h('p', { class: 'cv-muted' }, subtitle),
      h(
        'table',
        { class: 'cv-table' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...result.columns.map((c) =>
              h('th', { scope: 'col', class: c.type === 'number' ? 'num' : undefined }, c.name),
            ),
          ),
        ),
        h(
          'tbody',
          {},
          ...rows.map((row) =>
            h(
              'tr',
              {},
              ...row.map((v) =>
                h('td', { class: typeof v === 'number' ? 'num' : undefined }, formatValue(v)),
              ),
            ),
          ),
        ),
      ),
      pager,
    );
  };

  const parameterInput = (parameter: ParameterDefinition, value: string | undefined) => {
    const control = parameter.values?.length
      ? h(
          'select',
          { name: parameter.name },
          ...parameter.values.map((v) => h('option', { value: v, selected: v === value }, v)),
        )
      : h('input', { type: 'text', name: parameter.name, value: value ?? '' });
    return h('label', {}, parameter.prompt, control);
  };

  const render = async (
    config: models.IPaginatedReportLoadConfiguration,
    current: () => boolean,
  ) => {
    const report = await session.api.getReport(config.id);
    if (report.reportType !== 'PaginatedReport') {
      throw new FrameError(
        400,
        iError(
          FrameErrorCode.LoadReportFailed,
          FrameErrorCode.LoadReportFailed,
          `Report ${report.id} is not a paginated report: embed it with a /reportEmbed URL.`,
          models.TraceType.Fatal,
        ),
      );
    }
    if (!current()) return;
    const values = new Map<string, string>();
    for (const parameter of report.parameters ?? []) {
      const given = config.parameterValues?.find((p) => p.name === parameter.name);
      const value = given ? given.value : parameter.default;
      if (value !== null && value !== undefined) values.set(parameter.name, value);
    }
    const body = h('div', { class: 'cv-rdl-page', role: 'document' });
    const panelForm = h(
      'form',
      { class: 'cv-rdl-params', 'aria-label': 'Parameters' },
      ...(report.parameters ?? []).map((p) => parameterInput(p, values.get(p.name))),
      h('button', { type: 'submit', class: 'cv-button cv-button-primary' }, 'View report'),
    );
    form = panelForm;
    panelForm.addEventListener('submit', (event) => {
      event.preventDefault();
      for (const parameter of report.parameters ?? []) {
        const field = panelForm.elements.namedItem(parameter.name) as
          HTMLInputElement | HTMLSelectElement | null;
        if (field?.value) values.set(parameter.name, field.value);
        else values.delete(parameter.name);
      }
      run(report, values, body).then(
        () => session.events.emit('rendered', {}),
        (error: unknown) => session.fail(error),
      );
    });
    applyPanel();
    session.show(h('div', { class: 'cv-rdl' }, panelForm, body));
    session.markLoaded();
    await run(report, values, body);
    if (current()) session.events.emit('rendered', {});
  };

  registerLoadRoute<models.IPaginatedReportLoadConfiguration>(routes, '/report/load', {
    validate: models.validatePaginatedReportLoad,
    start: (config, headers) => session.load(config, headers, render),
  });
  registerTokenRoutes(routes, session.tokens, '/report/token');
  registerKindCommonRoutes(routes, 'rdl');

  /** updateSettings: the parameter panel's visibility and expansion, as paginated embeds allow. */
  routes.patch('/report/settings', (request) => {
    const settings = objectBody(request.body, 'The settings') as models.IPaginatedReportSettings;
    const panel = settings.commands?.parameterPanel;
    if (panel !== undefined && (typeof panel !== 'object' || panel === null)) {
      throw badRequest(
        'commands.parameterPanel must be an object',
        FrameErrorCode.InvalidParameters,
      );
    }
    for (const key of ['enabled', 'expanded'] as const) {
      if (panel?.[key] !== undefined && typeof panel[key] !== 'boolean')
        throw badRequest(
          `commands.parameterPanel.${key} must be a boolean`,
          FrameErrorCode.InvalidParameters,
        );
    }
    parameterPanel = { ...parameterPanel, ...panel };
    applyPanel();
    session.events.emit('settingsUpdated', {});
    return accepted();
  });
}
