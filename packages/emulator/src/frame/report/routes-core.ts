import * as models from 'powerbi-models';
import {
  assertValid,
  badRequest,
  FrameError,
  FrameErrorCode,
  iError,
  objectBody,
} from '../frame-errors.ts';
import { registerTokenRoutes } from '../kinds/session-routes.ts';
import { markLoadReceived } from '../perf-marks.ts';
import { accepted, ok, type RouteRequest, type RouteTable } from '../protocol/route-table.ts';
import { userStateApplied } from './apply-load-config.ts';
import { refusal, save, saveAs } from './persistence.ts';
import type { ReportController } from './report-controller.ts';
import { clearUserState, saveUserState } from './user-state.ts';

/** Merges a settings update; customLayout page layouts merge per page and visual like the service's. */
function mergeSettings(current: models.ISettings, update: models.ISettings): models.ISettings {
  const merged: models.ISettings = { ...current, ...update };
  if (update.customLayout && current.customLayout) {
    const pagesLayout: models.PagesLayout = { ...(current.customLayout.pagesLayout ?? {}) };
    for (const [page, layout] of Object.entries(update.customLayout.pagesLayout ?? {})) {
      const before = pagesLayout[page];
      const visualsLayout: models.VisualsLayout = { ...(before?.visualsLayout ?? {}) };
      for (const [visual, visualLayout] of Object.entries(layout.visualsLayout ?? {})) {
        visualsLayout[visual] = { ...(visualsLayout[visual] ?? {}), ...visualLayout };
      }
      pagesLayout[page] = {
        defaultLayout: layout.defaultLayout ?? before?.defaultLayout,
        visualsLayout,
      };
    }
    merged.customLayout = { ...current.customLayout, ...update.customLayout, pagesLayout };
  }
  if (update.panes && current.panes) merged.panes = { ...current.panes, ...update.panes };
  return merged;
}

/** Load, create, render, token, save, mode, settings, theme, zoom and the other report-wide requests. */
export function registerCoreRoutes(
  routes: RouteTable,
  controller: ReportController,
  rdl: boolean,
): void {
  const load = (phased: boolean) => (request: RouteRequest) => {
    markLoadReceived();
    const config = objectBody(request.body, 'The load configuration');
    assertValid(
      rdl ? models.validatePaginatedReportLoad(config) : models.validateReportLoad(config),
    );
    controller.startLoad({ config, headers: request.headers, phased });
    return accepted();
  };
  routes.post('/report/load', load(false));
  routes.post('/report/prepare', load(true));
  routes.post('/report/render', () => {
    controller.renderPrepared();
    return accepted();
  });
  routes.post('/frontload/config', (request) => {
    const config = objectBody(request.body, 'The front-load configuration');
    // Only a frame that has not started loading gains anything from fetching early.
    if (controller.phase === 'idle') controller.frontLoad.prefetch(config);
    return accepted();
  });
  routes.post('/report/create', (request) => {
    markLoadReceived();
    const config = objectBody(request.body, 'The create configuration');
    assertValid(models.validateCreateReport(config));
    controller.startLoad({ config, headers: request.headers, phased: false, create: true });
    return accepted();
  });

  registerTokenRoutes(routes, controller.tokens, '/report/token');
  routes.get('/getCorrelationId', () => ok(controller.correlationId));

  routes.post('/report/save', async () => {
    await save(controller);
    return accepted();
  });
  routes.post('/report/saveAs', async (request) =>
    accepted(await saveAs(controller, objectBody(request.body, 'The saveAs parameters'))),
  );
  routes.get('/report/hasUnsavedChanges', () => ok(controller.state.dirty));

  routes.post('/report/switchMode/:mode', (request) => {
    const state = controller.state;
    const mode = request.params.mode?.toLowerCase();
    if (mode !== 'view' && mode !== 'edit')
      throw badRequest(
        `Unknown view mode ${request.params.mode ?? ''}`,
        FrameErrorCode.InvalidParameters,
      );
    if (mode === 'edit' && !controller.isNew) {
      const permissions =
        typeof controller.config.permissions === 'number'
          ? controller.config.permissions
          : models.Permissions.Read;
      if ((permissions & (models.Permissions.ReadWrite | models.Permissions.Create)) === 0) {
        throw new FrameError(
          403,
          iError(
            FrameErrorCode.NotAuthorized,
            FrameErrorCode.NotAuthorized,
            'Edit mode needs the ReadWrite permission in the embed configuration.',
          ),
        );
      }
    }
    state.viewMode = mode === 'edit' ? models.ViewMode.Edit : models.ViewMode.View;
    controller.rerender();
    return accepted();
  });

  routes.patch('/report/settings', (request) => {
    const state = controller.state;
    const update = objectBody(request.body, 'settings') as models.ISettings;
    assertValid(models.validateSettings(update));
    if (update.zoomLevel !== undefined) {
      // The standalone validator does not know the field's name ("undefined must be…").
      assertValid(
        models
          .validateZoomLevel(update.zoomLevel)
          ?.map((e) => ({ ...e, message: e.message.replace(/^undefined/, 'zoomLevel') })),
      );
    }
    if (update.extensions !== undefined) {
      const list = Array.isArray(update.extensions)
        ? update.extensions
        : update.extensions.commands;
      for (const extension of list ?? []) assertValid(models.validateExtension(extension));
    }
    state.settings = mergeSettings(state.settings, update);
    controller.events.emit('settingsUpdated', {});
    controller.rerender();
    return accepted();
  });
  routes.get('/report/zoom', () => ok(controller.state.settings.zoomLevel ?? 1));

  routes.get('/report/theme', () =>
    ok(controller.state.theme ?? { themeJson: { name: 'Default' } }),
  );
  routes.put('/report/theme', (request) => {
    const state = controller.state;
    const theme = objectBody(request.body, 'theme');
    if (theme.themeJson === undefined) {
      state.theme = undefined;
    } else {
      assertValid(models.validateCustomTheme(theme));
      if (typeof theme.themeJson !== 'object' || theme.themeJson === null)
        throw badRequest('themeJson must be an object', FrameErrorCode.InvalidParameters);
      state.theme = theme as unknown as models.ICustomTheme;
    }
    controller.rerender();
    return accepted();
  });

  routes.post('/report/refresh', () => {
    void controller.state;
    controller.rerender();
    return accepted();
  });
  routes.post('/report/print', () => {
    void controller.state;
    // Deferred and guarded: the print dialog must not hold up the reply, and may be unavailable.
    window.setTimeout(() => {
      try {
        window.print();
      } catch {
        /* printing unavailable (headless) */
      }
    }, 0);
    return accepted();
  });
  routes.post('/report/closeAllOverlays', () => {
    void controller.state;
    document.querySelectorAll('.cv-menu, .cv-dialog').forEach((element) => element.remove());
    return accepted();
  });
  routes.post('/report/clearSelectedVisuals/:popOut', () => {
    const state = controller.state;
    if (state.selection) {
      state.selection = undefined;
      controller.rerender();
    }
    return accepted();
  });

  routes.post('/report/userState', async () => {
    await saveUserState(controller.api, controller.state).catch((error: unknown) => {
      throw refusal(error);
    });
    return accepted();
  });
  routes.delete('/report/userState', async () => {
    const state = controller.state;
    await clearUserState(controller.api, state).catch((error: unknown) => {
      throw refusal(error);
    });
    userStateApplied.delete(state);
    // Back to what this load showed without persistent filters: the saved report plus the load
    // config's filters, slicers and bookmark.
    state.resetTo(
      state.loadBaseline ?? {
        activePage: undefined,
        reportFilters: [],
        pageFilters: {},
        visualFilters: {},
        slicers: {},
      },
    );
    controller.rerender();
    return accepted();
  });
  routes.get('/report/isUserStateApplied', () => ok(userStateApplied.has(controller.state)));
}
