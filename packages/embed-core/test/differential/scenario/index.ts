/**
 * The differential scenario: one ordered script of API steps, run once per library. Order matters
 * (later steps use components created by earlier ones; `r1` must be among the first three
 * components so it front-loads), so the parts are concatenated in this fixed order.
 */
import type { Step } from '../harness/recorder.ts';
import { componentSteps } from './component-steps.ts';
import { filterBuilderSteps } from './filter-builder-steps.ts';
import { lifecycleSteps } from './lifecycle-steps.ts';
import { pageSteps } from './page-steps.ts';
import { reportApiSteps } from './report-api-steps.ts';
import { reportEventSteps } from './report-event-steps.ts';
import { serviceSteps } from './service-steps.ts';
import { variantSteps } from './variant-steps.ts';

export const scenario: readonly Step[] = [
  ...serviceSteps,
  ...reportEventSteps,
  ...reportApiSteps,
  ...pageSteps,
  ...variantSteps,
  ...componentSteps,
  ...lifecycleSteps,
  ...filterBuilderSteps,
];
