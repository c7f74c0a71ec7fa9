import type { Page } from 'playwright-core';
import { embedIn, untilRendered, type HostSession } from './harness.ts';

/**
 * Embeds the sample sales report into `#container` (view mode, all permissions, so later steps may
 * switch to edit mode) and waits until it has rendered: the starting point of the report test
 * files that are not about the load itself.
 */
export async function embedSalesReport(
  { harness, page, token }: HostSession,
  container = 'c1',
): Promise<Page> {
  await untilRendered(page, container, () =>
    embedIn(page, container, 'embed', {
      type: 'report',
      id: harness.emulator.sample.salesReportId,
      embedUrl: harness.emulator.sampleEmbedUrl,
      accessToken: token,
      tokenType: 1,
      permissions: 7,
    }),
  );
  return page;
}
