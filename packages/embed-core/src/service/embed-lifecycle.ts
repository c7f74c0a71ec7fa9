/**
 * What `service.embed`/`load`/`bootstrap` do with an element: build a new component for it, or
 * reconfigure (or, Create → Report, replace) the component it already holds. Internal to `Service`.
 */
import { Embed, type IEmbedConfigurationBase } from '../embeds/embed.ts';
import { embedKinds, type BuiltInComponent } from './embed-kinds.ts';
import { scrubConfig } from './scrub-config.ts';
import type { IEmbedService } from '../embeds/embed-service.ts';
import type { IPowerBiElement } from './powerbi-element.ts';

/** What these functions need from the Service (not its module: the Service imports this one). */
export interface LifecycleService extends IEmbedService {
  addOrOverwriteEmbed(component: Embed<object>, element: HTMLElement): void;
}

type ComponentFactory<S> = (
  service: S,
  element: HTMLElement,
  config: IEmbedConfigurationBase,
  phasedRender?: boolean,
  isBootstrap?: boolean,
) => Embed<object>;

export type { BuiltInComponent };

/** The component types a Service can create: its built-ins and the ones registered on it. */
export interface ComponentRegistry<S> {
  builtIns: readonly BuiltInComponent[];
  registered: Readonly<Record<string, ComponentFactory<S>>>;
}

/** The component type from the config, else the element's `powerbi-type` attribute. */
function resolveComponentType(element: IPowerBiElement, config: IEmbedConfigurationBase): string {
  const componentType = config.type || element.getAttribute(Embed.typeAttribute);
  if (!componentType) {
    throw new Error(
      `Attempted to embed using config ${JSON.stringify(scrubConfig(config))} on element ${element.outerHTML}, but could not determine what type of component to embed. You must specify a type in the configuration or as an attribute such as '${Embed.typeAttribute}="report"'.`,
    );
  }
  return componentType;
}

/** Creates the component for `config.type` in `element` and registers it with the Service. */
export function embedNew<S extends LifecycleService>(
  service: S,
  registry: ComponentRegistry<S>,
  element: IPowerBiElement,
  config: IEmbedConfigurationBase,
  phasedRender?: boolean,
  isBootstrap?: boolean,
): Embed<object> {
  const componentType = resolveComponentType(element, config);
  config.type = componentType;
  const builtIn = registry.builtIns.find((c) => componentType === c.type.toLowerCase());
  let component: Embed<object>;
  if (builtIn) {
    component = new builtIn(service, element, config, phasedRender, isBootstrap);
  } else {
    const key = Object.keys(registry.registered).find(
      (k) => k.toLowerCase() === componentType.toLowerCase(),
    );
    const factory = key ? registry.registered[key] : undefined;
    if (!factory) {
      throw new Error(
        `Attempted to embed component of type: ${componentType} but did not find any matching component.  Please verify the type you specified is intended.`,
      );
    }
    component = factory(service, element, config, phasedRender, isBootstrap);
  }
  element.powerBiEmbed = component;
  service.addOrOverwriteEmbed(component, element);
  return component;
}

/**
 * Embeds again on an element that already holds `component`: the same type reloads with the merged
 * configuration; Q&A is rebuilt; a Create/QuickCreate becomes the Report it saved.
 */
export function embedExisting<S extends LifecycleService>(
  service: S,
  registry: ComponentRegistry<S>,
  component: Embed<object> | undefined,
  element: IPowerBiElement,
  config: IEmbedConfigurationBase,
  phasedRender?: boolean,
): Embed<object> {
  if (!component) {
    throw new Error(
      `Attempted to embed using config ${JSON.stringify(scrubConfig(config))} on element ${element.outerHTML} which already has embedded component associated, but could not find the existing component in the list of active components. This could indicate the embeds list is out of sync with the DOM, or the component is referencing the incorrect HTML element.`,
    );
  }
  if (config.type?.toLowerCase() === 'qna') return embedNew(service, registry, element, config);

  const previousType = component.config.type;
  const newType = config.type;
  if (typeof newType === 'string' && newType !== previousType) {
    const wasCreate =
      previousType?.toLowerCase() === 'create' || previousType?.toLowerCase() === 'quickcreate';
    if (newType === 'report' && wasCreate) {
      // Fixed: the original registered the old Create component and never loaded the new report.
      // The report keeps the iframe, so it keeps the uid the iframe was created with: the frame
      // posts its events under that uid.
      const reportConfig = { ...config, uniqueId: config.uniqueId ?? component.config.uniqueId };
      const Report = embedKinds().report;
      const report = new Report(service, element, reportConfig, false, false, component.iframe);
      component.dispose();
      report.iframeLoaded = true;
      element.powerBiEmbed = report;
      service.addOrOverwriteEmbed(report, element);
      void report.load().catch((error: unknown) => service.reportAsyncError(report, error));
      return report;
    }
    throw new Error(
      `Embedding on an existing element with a different type than the previous embed object is not supported.  Attempted to embed using config ${JSON.stringify(scrubConfig(config))} on element ${element.outerHTML}, but the existing element contains an embed of type: ${previousType} which does not match the new type: ${newType}`,
    );
  }
  // Keep the type and the uniqueId the iframe was created with: the original dropped the type when
  // the new config had none and regenerated uniqueId while the frame kept the old uid.
  const merged: IEmbedConfigurationBase = {
    ...config,
    type: config.type ?? previousType,
    uniqueId: config.uniqueId ?? component.config.uniqueId,
  };
  component.populateConfig(merged, false);
  void component
    .load(phasedRender)
    .catch((error: unknown) => service.reportAsyncError(component, error));
  return component;
}
