import type * as models from 'powerbi-models';
import type { IHttpPostMessageResponse } from '../transport/message.ts';

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
