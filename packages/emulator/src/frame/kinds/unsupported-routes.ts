import { FrameError, FrameErrorCode, iError } from '../frame-errors.ts';
import { ok, type RouteTable } from '../protocol/route-table.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Library calls that reach a dashboard, tile or paginated-report frame but are report features.
 * The service answers them with a JSON error; so does the emulator (docs/emulator.md lists them),
 * rather than with the catch-all's plain-text 404 kept for URLs no library sends.
 */
const unsupported: Record<'dashboard' | 'tile' | 'rdl', [Method, string, string][]> = {
  dashboard: [
    ['post', '/dashboard/prepare', 'Phased loading (load + render)'],
    ['post', '/report/save', 'save'],
    ['post', '/report/saveAs', 'saveAs'],
  ],
  tile: [
    ['post', '/tile/prepare', 'Phased loading (load + render)'],
    ['post', '/report/save', 'save'],
    ['post', '/report/saveAs', 'saveAs'],
  ],
  rdl: [
    ['post', '/report/prepare', 'Phased loading (load + render)'],
    ['post', '/report/render', 'Phased loading (load + render)'],
    ['post', '/report/save', 'save'],
    ['post', '/report/saveAs', 'saveAs'],
    ['post', '/report/addPage', 'addPage'],
    ['put', '/report/pages/:pageName/name', 'renamePage'],
    ['delete', '/report/pages/:pageName', 'deletePage'],
    ['post', '/report/switchMode/:mode', 'switchMode (edit mode)'],
  ],
};

const kindNames = { dashboard: 'dashboards', tile: 'tiles', rdl: 'paginated reports' } as const;

/** The error a frame answers for a call its embed kind does not support. */
export function notSupported(feature: string, kind: keyof typeof kindNames): FrameError {
  return new FrameError(
    400,
    iError(
      FrameErrorCode.NotSupported,
      FrameErrorCode.NotSupported,
      `${feature} is not supported for ${kindNames[kind]}.`,
    ),
  );
}

/**
 * Registers what every non-report kind answers beyond its load and token routes: its correlation id
 * (`getCorrelationId`, sent for every embed type) and the JSON refusals above.
 */
export function registerKindCommonRoutes(routes: RouteTable, kind: keyof typeof unsupported): void {
  const correlationId = crypto.randomUUID();
  routes.get('/getCorrelationId', () => ok(correlationId));
  for (const [method, path, feature] of unsupported[kind]) {
    routes[method](path, () => {
      throw notSupported(feature, kind);
    });
  }
}
