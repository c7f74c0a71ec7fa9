import type { RunningEmulator } from '../../../src/index.ts';
import { fruitDataset } from './fruit-dataset.ts';

export type SessionKind = 'qna' | 'quickCreate' | 'rdl';

/** How to embed each kind that runs on the frame's EmbedSession, with `accessToken`. */
export function sessionEmbed(
  emulator: Pick<RunningEmulator, 'url' | 'sample'>,
  kind: SessionKind,
  accessToken: string,
) {
  const { url, sample } = emulator;
  switch (kind) {
    case 'qna':
      return {
        method: 'embed' as const,
        config: {
          type: 'qna',
          embedUrl: `${url}/qnaEmbed?groupId=${sample.groupId}`,
          accessToken,
          tokenType: 1,
          datasetIds: [sample.datasetId],
          question: 'total amount by region',
          viewMode: 0,
        },
      };
    case 'quickCreate':
      return {
        method: 'quickCreate' as const,
        config: {
          embedUrl: `${url}/quickCreate`,
          accessToken,
          tokenType: 1,
          datasetCreateConfig: fruitDataset([
            ['Apple', '3'],
            ['Pear', '5'],
          ]),
        },
      };
    case 'rdl':
      return {
        method: 'embed' as const,
        config: {
          type: 'report',
          id: sample.paginatedReportId,
          embedUrl: `${url}/rdlEmbed?reportId=${sample.paginatedReportId}&groupId=${sample.groupId}`,
          accessToken,
          tokenType: 1,
        },
      };
  }
}
