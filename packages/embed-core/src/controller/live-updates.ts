import type { Embed } from '../embeds/embed.ts';
import type { Report } from '../embeds/report.ts';
import { trackEmbedStatus } from '../embed-status.ts';
import type { EmbedLiveUpdate } from './diff-embed-config.ts';

/** The core call for one live update. `diffEmbedConfig` only yields settings/filters/page for reports. */
export async function applyLiveUpdate(
  embed: Embed<object>,
  update: EmbedLiveUpdate,
): Promise<unknown> {
  const report = embed as unknown as Report;
  switch (update.kind) {
    case 'token':
      return embed.setAccessToken(update.accessToken);
    case 'settings':
      return report.updateSettings(update.settings);
    case 'filters':
      return report.setFilters(update.filters);
    case 'page':
      return report.setPage(update.pageName);
  }
}

/** Resolves once the component is no longer loading (loaded, rendered, failed or reset). */
export function whenSettled(embed: Embed<object>): Promise<void> {
  const store = trackEmbedStatus(embed);
  return new Promise((resolve) => {
    const check = () => {
      if (store.getSnapshot().status === 'loading') return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = store.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}
