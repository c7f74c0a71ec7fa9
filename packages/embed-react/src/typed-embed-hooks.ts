'use client';
import type {
  Dashboard,
  IDashboardEmbedConfiguration,
  IQnaEmbedConfiguration,
  IReportEmbedConfiguration,
  ITileEmbedConfiguration,
  IVisualEmbedConfiguration,
  Qna,
  Report,
  Tile,
  Visual,
  models,
} from '@canopy/embed-core';
import { EmbedType } from './embed-type.ts';
import { useEmbed, type UseEmbedOptions, type UseEmbedResult } from './use-embed.ts';

/** `Omit` applied to each member of a union (plain `Omit` keeps only the keys they share). */
type OmitType<T> = T extends unknown ? Omit<T, 'type'> : never;

/** `useEmbed` for a report (also paginated): `type` is set for you and `embed` is a `Report`. */
export function useReport(
  config: OmitType<IReportEmbedConfiguration | models.IPaginatedReportLoadConfiguration>,
  options?: UseEmbedOptions<Report>,
): UseEmbedResult<Report> {
  return useEmbed<Report>({ ...config, type: EmbedType.Report }, options);
}

/** `useEmbed` for a dashboard. */
export function useDashboard(
  config: Omit<IDashboardEmbedConfiguration, 'type'>,
  options?: UseEmbedOptions<Dashboard>,
): UseEmbedResult<Dashboard> {
  return useEmbed<Dashboard>({ ...config, type: EmbedType.Dashboard }, options);
}

/** `useEmbed` for one dashboard tile. */
export function useTile(
  config: Omit<ITileEmbedConfiguration, 'type'>,
  options?: UseEmbedOptions<Tile>,
): UseEmbedResult<Tile> {
  return useEmbed<Tile>({ ...config, type: EmbedType.Tile }, options);
}

/** `useEmbed` for one report visual. */
export function useVisual(
  config: Omit<IVisualEmbedConfiguration, 'type'>,
  options?: UseEmbedOptions<Visual>,
): UseEmbedResult<Visual> {
  return useEmbed<Visual>({ ...config, type: EmbedType.Visual }, options);
}

/** `useEmbed` for Q&A. */
export function useQna(
  config: Omit<IQnaEmbedConfiguration, 'type'>,
  options?: UseEmbedOptions<Qna>,
): UseEmbedResult<Qna> {
  return useEmbed<Qna>({ ...config, type: EmbedType.Qna }, options);
}
