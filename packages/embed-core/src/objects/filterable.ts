import * as models from 'powerbi-models';
import type { IHttpPostMessageResponse } from '../transport/message.ts';
import { quietDisposalOf } from '../embeds/quiet-disposal.ts';

/** Anything whose filters can be read and changed: reports, pages and visuals. */
export interface IFilterable {
  /** The filters currently applied at this level. */
  getFilters(): Promise<models.IFilter[]>;
  /** Adds, replaces (all or by target) or removes filters according to `operation`. */
  updateFilters(
    operation: models.FiltersOperations,
    filters?: models.IFilter[],
  ): Promise<IHttpPostMessageResponse<void>>;
  /** Removes every filter at this level. */
  removeFilters(): Promise<IHttpPostMessageResponse<void>>;
  /** Replaces every filter at this level with `filters`. */
  setFilters(filters: models.IFilter[]): Promise<IHttpPostMessageResponse<void>>;
}

/**
 * The four filter calls of a page or a visual: the same requests under each one's own address
 * (`…/filters`), with no RDL check (the report's own filter methods differ and live on Report).
 */
export abstract class FilterLevel implements IFilterable {
  /** Sends one request for this object through its report's frame; `suffix` follows its address. */
  protected abstract send<T>(
    method: 'GET' | 'POST' | 'PUT',
    suffix: string,
    body?: unknown,
  ): Promise<IHttpPostMessageResponse<T>>;

  async getFilters(): Promise<models.IFilter[]> {
    return (await this.send<models.IFilter[]>('GET', '/filters')).body;
  }

  updateFilters(
    operation: models.FiltersOperations,
    filters?: models.IFilter[],
  ): Promise<IHttpPostMessageResponse<void>> {
    const request = { filtersOperation: operation, filters };
    return this.send<void>('POST', '/filters', request);
  }

  removeFilters(): Promise<IHttpPostMessageResponse<void>> {
    return this.updateFilters(models.FiltersOperations.RemoveAll);
  }

  setFilters(filters: models.IFilter[]): Promise<IHttpPostMessageResponse<void>> {
    return this.send<void>('PUT', '/filters', filters);
  }
}

quietDisposalOf(FilterLevel);
