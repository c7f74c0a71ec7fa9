import type { ScaleCase } from '../case.ts';
import { auditCases } from './audit.ts';
import { reportCases } from './reports.ts';
import { usageAnalyticsCases } from './usage-analytics.ts';

/** Every area's cases, in the order the table lists them: add one file per area here. */
export const scaleCases: ScaleCase[] = [...auditCases, ...reportCases, ...usageAnalyticsCases];
