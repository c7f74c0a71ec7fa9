import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { fetchEmbedToken, reportUsage, type ReportSide } from '../api/reports-api.ts';
import { EmbeddedReport, type EmbedPhase } from './embedded-report.tsx';
import { tokenFailureText } from '../rules/report-failures.ts';
import { useFullscreen } from './use-fullscreen.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { Button, ButtonLink } from '../../../shared/ui/button.tsx';
import '../reports.css';

export const LOAD_FAILED_TEXT = 'Failed to load report. Please try refreshing the page.';

export interface ReportViewProps {
  side: ReportSide;
  title: string;
  /** The tenant's workspace id. */
  powerBiGroupId: string;
  reportId: string;
  backTo: string;
  /** Toast when the report cannot be loaded for an unknown reason ("Failed to load report"). */
  failureToast: string;
  /** More actions in the bar, before Fullscreen (the app adds Subscribe for tenant people). */
  actions?: ReactNode;
}

/** The embedded report with its title, fullscreen toggle and way back (both report views). */
export function ReportView({
  side,
  title,
  powerBiGroupId,
  reportId,
  backTo,
  failureToast,
  actions,
}: ReportViewProps) {
  const queryClient = useQueryClient();
  const { fullscreen, toggle } = useFullscreen();
  const [phase, setPhase] = useState<EmbedPhase>('loading');
  const tokenKey = ['embed-token', side, powerBiGroupId, reportId] as const;
  const token = useQuery({
    queryKey: tokenKey,
    queryFn: () => fetchEmbedToken(side, reportId, powerBiGroupId),
    // The library renews the token in the frame; the query must not refetch it behind its back,
    // and a later visit asks for a new one.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  useErrorToast(token.isError, tokenFailureText(token.error, failureToast));
  // A report that fails inside its frame after the token came: the same fallback toast.
  useErrorToast(phase === 'error', failureToast);

  const renewToken = useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: ['embed-token-renewal', side, powerBiGroupId, reportId],
        queryFn: () => fetchEmbedToken(side, reportId, powerBiGroupId),
        staleTime: 0,
        gcTime: 0,
      }),
    [queryClient, side, powerBiGroupId, reportId],
  );
  const onTimings = useCallback(
    ({ loadMs, renderMs }: { loadMs: number; renderMs: number }) =>
      void reportUsage({ reportId, loadMs, renderMs }),
    [reportId],
  );

  const failed = token.isError || phase === 'error';
  const loading = !failed && phase === 'loading';
  return (
    <section
      className={`report-view${fullscreen ? ' report-view--fullscreen' : ''}`}
      aria-label={title}
    >
      <header className="report-view__bar">
        <h1 className="report-view__title">{title}</h1>
        <div className="report-view__actions">
          {!fullscreen && actions}
          <Button variant="secondary" size="sm" aria-pressed={fullscreen} onClick={toggle}>
            {fullscreen ? 'Exit Fullscreen' : 'Enter Fullscreen'}
          </Button>
          {!fullscreen && (
            <ButtonLink variant="ghost" size="sm" to={backTo}>
              Back to Reports List
            </ButtonLink>
          )}
        </div>
      </header>
      <div className="report-frame">
        {token.data && !token.isError && (
          <EmbeddedReport
            token={token.data}
            renewToken={renewToken}
            onPhase={setPhase}
            onTimings={onTimings}
          />
        )}
        {loading && (
          <div className="report-frame__status" role="status">
            <span className="spinner" aria-hidden="true" />
            Loading report...
          </div>
        )}
        {failed && (
          <div className="report-frame__status report-frame__status--error" role="alert">
            {LOAD_FAILED_TEXT}
          </div>
        )}
      </div>
    </section>
  );
}
