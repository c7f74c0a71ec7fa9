import { createPerson } from '../support/fixtures.ts';
import type { MatrixContext, Target } from './matrix-types.ts';

/** A new Viewer of the target tenant (for cells that change or delete a person). */
export const freshViewer = (ctx: MatrixContext, target: Target) =>
  createPerson(ctx.t, { tenantId: ctx.tenant(target).id, role: 'Viewer' });
