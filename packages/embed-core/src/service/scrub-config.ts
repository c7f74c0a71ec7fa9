import type { IEmbedConfigurationBase } from '../embeds/embed.ts';

/** A copy of `config` safe to print in an error: the access token is blanked, never logged. */
export function scrubConfig(config: IEmbedConfigurationBase): IEmbedConfigurationBase {
  return { ...config, accessToken: '' };
}
