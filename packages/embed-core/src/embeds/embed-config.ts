/**
 * How an embed's configuration is completed from the container element and the Service: embed URL,
 * uniqueId, token, locale parameters, menu extensions and event-hook checks. Internal to `Embed`
 * (not part of the public entry).
 */
import * as models from 'powerbi-models';
import { messages } from '../errors.ts';
import { addParamToUrl } from '../internal/url.ts';
import { createRandomString } from '../transport/ids.ts';

/**
 * The attribute names and default host, passed in from `Embed`'s statics at call time: page code may
 * reassign those statics (they are public and mutable), so they must not be captured here.
 */
export interface EmbedConfigNames {
  accessTokenAttribute: string;
  embedUrlAttribute: string;
  nameAttribute: string;
  defaultEmbedHostName: string;
}

/**
 * The embed URL from the config, else the element's attribute; a bootstrap without either gets the
 * default URL for `hostname`. `defaultEndpoint` is only called when that default is needed.
 */
export function resolveEmbedUrl(
  config: models.IBootstrapEmbedConfiguration,
  element: HTMLElement,
  names: EmbedConfigNames,
  isBootstrap: boolean,
  defaultEndpoint: () => string,
): string {
  let embedUrl = config.embedUrl || element.getAttribute(names.embedUrlAttribute) || undefined;
  if (isBootstrap && !embedUrl) {
    let host = config.hostname ? config.hostname.toLowerCase().trim() : names.defaultEmbedHostName;
    if (!host.startsWith('https://')) host = `https://${host}`;
    embedUrl = `${host}/${defaultEndpoint()}`;
  }
  if (typeof embedUrl !== 'string' || embedUrl.length === 0)
    throw new Error(messages.embedUrlRequired);
  return embedUrl;
}

/** `embedUrl` with the `language` and `formatLocale` parameters of `settings.localeSettings`. */
export function addLocaleToEmbedUrl(
  embedUrl: string,
  config: models.IBootstrapEmbedConfiguration,
): string {
  const locale = (config as models.IEmbedConfiguration).settings?.localeSettings;
  if (!locale) return embedUrl;
  let url = embedUrl;
  if (locale.language) url = addParamToUrl(url, 'language', locale.language);
  if (locale.formatLocale) url = addParamToUrl(url, 'formatLocale', locale.formatLocale);
  return url;
}

/** The config's uniqueId, else the element's `powerbi-name`, else a new random id. */
export function resolveUniqueId(
  config: models.IBootstrapEmbedConfiguration,
  element: HTMLElement,
  names: EmbedConfigNames,
): string {
  return config.uniqueId || element.getAttribute(names.nameAttribute) || createRandomString();
}

/** The config's token, else the element's attribute, else the Service-wide token; one is required. */
export function resolveAccessToken(
  config: models.IEmbedConfigurationBase,
  element: HTMLElement,
  names: EmbedConfigNames,
  globalAccessToken: string | undefined,
): string {
  const token =
    config.accessToken || element.getAttribute(names.accessTokenAttribute) || globalAccessToken;
  if (!token) throw new Error(messages.noAccessToken);
  return token;
}

/** Menu commands and groups from `settings.extensions` (the array form carries commands only). */
export function readExtensions(config: models.IBootstrapEmbedConfiguration): {
  commands: models.ICommandExtension[];
  groups: models.IMenuGroupExtension[];
} {
  const extensions = (config as models.IEmbedConfiguration).settings?.extensions;
  if (Array.isArray(extensions)) {
    return {
      commands: extensions.map((e) => e.command).filter((c): c is models.ICommandExtension => !!c),
      groups: [],
    };
  }
  if (extensions) return { commands: extensions.commands ?? [], groups: extensions.groups ?? [] };
  return { commands: [], groups: [] };
}

/**
 * Checks the event hooks for the component type and token type. An `applicationContextProvider`
 * adds `registerQueryCallback=true` to `config.embedUrl` — before the token-provider check, so a
 * failing check leaves the config as the original left it.
 */
export function validateEventHooks(
  eventHooks: models.EventHooks | undefined,
  embedType: string,
  config: models.IEmbedConfigurationBase,
): void {
  if (!eventHooks) return;
  for (const key of Object.keys(eventHooks)) {
    if (typeof (eventHooks as Record<string, unknown>)[key] !== 'function') {
      throw new Error(`${key} must be a function`);
    }
  }
  if (eventHooks.applicationContextProvider) {
    if (embedType !== 'report') throw new Error(messages.applicationContextProviderReportOnly);
    config.embedUrl = addParamToUrl(config.embedUrl as string, 'registerQueryCallback', 'true');
  }
  if (eventHooks.accessTokenProvider) {
    const supported = ['create', 'quickcreate', 'report'].includes(embedType);
    if (!supported || config.tokenType !== models.TokenType.Aad) {
      throw new Error(messages.accessTokenProviderReportOnly);
    }
  }
}
