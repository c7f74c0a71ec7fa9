/**
 * Type-level tests of the typed event maps, checked by `pnpm typecheck` (tsc includes test/).
 * `expectTypeOf` pins the payload types; each `@ts-expect-error` line must fail to compile, so a
 * regression to untyped (`any`) payloads breaks the type-check.
 */
import { expectTypeOf } from 'vitest';
import type {
  Create,
  Dashboard,
  Embed,
  ICustomEvent,
  IPageChangedEvent,
  models,
  Page,
  Qna,
  Report,
  service,
  Tile,
  Visual,
} from '../../src/index.ts';

declare const report: Report;
declare const visual: Visual;
declare const dashboard: Dashboard;
declare const tile: Tile;
declare const qna: Qna;
declare const create: Create;
declare const anyEmbed: Embed;

// pageChanged: detail.newPage is a live Page bound to the report.
report.on('pageChanged', (e) => {
  expectTypeOf(e).toEqualTypeOf<ICustomEvent<IPageChangedEvent>>();
  expectTypeOf(e.detail.newPage).toEqualTypeOf<Page>();
  expectTypeOf(e.detail.newPage.name).toEqualTypeOf<string>();
  expectTypeOf(e.detail.newPage.setActive).toBeFunction();
});
visual.on('pageChanged', (e) => expectTypeOf(e.detail.newPage).toEqualTypeOf<Page>());

// error: the service's IError.
report.on('error', (e) => {
  expectTypeOf(e.detail).toEqualTypeOf<models.IError>();
  expectTypeOf(e.detail.message).toEqualTypeOf<string>();
});

// dataSelected / selectionChanged: ISelection.
report.on('dataSelected', (e) => expectTypeOf(e.detail).toEqualTypeOf<models.ISelection>());
report.on('selectionChanged', (e) => expectTypeOf(e.detail.dataPoints).toBeArray());

// Component-specific maps.
dashboard.on('tileClicked', (e) =>
  expectTypeOf(e.detail.tileId).toEqualTypeOf<string | undefined>(),
);
tile.on('tileClicked', (e) => expectTypeOf(e.detail.tileId).toEqualTypeOf<string | undefined>());
qna.on('visualRendered', (e) =>
  expectTypeOf(e.detail).toEqualTypeOf<models.IQnaVisualRenderedEvent>(),
);
create.on('saved', (e) =>
  expectTypeOf(e.detail.reportObjectId).toEqualTypeOf<string | undefined>(),
);

// off() takes the same typed handlers.
const onPage = (e: ICustomEvent<{ newPage: Page }>) => e.detail.newPage.name;
report.on('pageChanged', onPage);
report.off('pageChanged', onPage);

// powerbi-client style code keeps compiling: explicit type arguments and `any` handlers.
report.on<models.IError>('error', (e) => e.detail.detailedMessage);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the powerbi-client idiom must keep working
const legacy: service.IEventHandler<any> = (e) => e.detail.whatever;
report.on('pageChanged', legacy);
report.on('somethingCustom', (e: service.ICustomEvent<{ x: number }>) => e.detail.x);
anyEmbed.on('loaded', () => undefined);

// Wrong payload access is a compile error.
// @ts-expect-error — pageChanged's payload has no `page` (it is `newPage`).
report.on('pageChanged', (e) => e.detail.page);
// @ts-expect-error — newPage is a Page, which has no `visuals` field.
report.on('pageChanged', (e) => e.detail.newPage.visuals);
// @ts-expect-error — IError.message is a string, not a number.
report.on('error', (e) => e.detail.message.toFixed());
// @ts-expect-error — `loaded` carries no payload.
report.on('loaded', (e) => e.detail.initiator);
// @ts-expect-error — dashboards have no pageChanged event, and an unknown payload has no fields.
dashboard.on('pageChanged', (e) => e.detail.newPage);
