import * as models from 'powerbi-models';
import { assertValid, objectBody } from '../frame-errors.ts';
import { accepted, ok, type RouteTable } from '../protocol/route-table.ts';
import {
  applyBookmarkByName,
  applyState,
  captureState,
  listBookmarks,
  newBookmarkName,
} from './bookmarks.ts';
import type { ReportController } from './report-controller.ts';

/** Bookmarks: list, apply by name, play mode, capture to a state string and apply a state. */
export function registerBookmarkRoutes(routes: RouteTable, controller: ReportController): void {
  routes.get('/report/bookmarks', () => ok(listBookmarks(controller.state)));

  routes.post('/report/bookmarks/applyByName', (request) => {
    assertValid(
      models.validateApplyBookmarkByNameRequest(objectBody(request.body, 'The bookmark request')),
    );
    const bookmark = applyBookmarkByName(
      controller.state,
      (request.body as models.IApplyBookmarkByNameRequest).name,
    );
    controller.events.emit('bookmarkApplied', {
      bookmarkName: bookmark.name,
      bookmarkDisplayName: bookmark.displayName,
    });
    controller.rerender();
    return accepted();
  });

  routes.post('/report/bookmarks/applyState', (request) => {
    assertValid(
      models.validateApplyBookmarkStateRequest(objectBody(request.body, 'The bookmark request')),
    );
    applyState(controller.state, (request.body as models.IApplyBookmarkStateRequest).state);
    controller.events.emit('bookmarkApplied', { bookmarkName: '' });
    controller.rerender();
    return accepted();
  });

  routes.post('/report/bookmarks/capture', (request) => {
    assertValid(
      models.validateCaptureBookmarkRequest(objectBody(request.body, 'The bookmark request')),
    );
    const options = (request.body as models.ICaptureBookmarkRequest).options ?? {};
    return ok({
      name: newBookmarkName(),
      displayName: 'Captured bookmark',
      state: captureState(controller.state, options),
    });
  });

  routes.post('/report/bookmarks/play', (request) => {
    assertValid(
      models.validatePlayBookmarkRequest(objectBody(request.body, 'The bookmark request')),
    );
    controller.state.playMode = (request.body as models.IPlayBookmarkRequest).playMode;
    controller.rerender();
    return accepted();
  });
}
