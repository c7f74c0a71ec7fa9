'use client';
import { factories, service as core } from '@canopy/embed-core';
import { createContext, useContext, type ReactNode } from 'react';

const EmbedServiceContext = createContext<core.Service | null>(null);

let defaultService: core.Service | undefined;

/**
 * The Service used without a provider and without a `service` prop: one for the whole page,
 * created on first use (never at import, so server imports stay free of browser globals).
 * powerbi-client-react created a Service per component and never stopped their listeners.
 */
export function getDefaultService(): core.Service {
  defaultService ??= new core.Service(
    factories.hpmFactory,
    factories.wpmpFactory,
    factories.routerFactory,
  );
  return defaultService;
}

export interface EmbedServiceProviderProps {
  /** The Service every embed below uses unless it gets its own `service` prop. */
  service: core.Service;
  children?: ReactNode;
}

/** Shares one Service (for example one with `trustedOrigins` or `iframeAttributes`) with the tree below. */
export function EmbedServiceProvider({ service, children }: EmbedServiceProviderProps) {
  return <EmbedServiceContext.Provider value={service}>{children}</EmbedServiceContext.Provider>;
}

/** The provider's Service, or `null` without a provider (the hooks then use the default Service). */
export function useProvidedService(): core.Service | null {
  return useContext(EmbedServiceContext);
}

/**
 * The Service components here embed with: the provider's, else the page's default one (created on
 * first call). Call it from the client, for example in an effect or an event handler's closure.
 */
export function useEmbedService(): core.Service {
  return useContext(EmbedServiceContext) ?? getDefaultService();
}
