import { autoRefreshToken, models, type Report, type TokenRefreshStop } from '@canopy/embed-core';
import type { EmbedToken } from '@canopy/portal-contract';
import { useReport } from '@canopy/embed-react';
import { useEffect, useMemo, useRef } from 'react';
import { REPORTS } from '../rules/report-rules.ts';
import { embedServiceFor } from './embed-service.ts';
import { usePhoneLayout } from './use-phone-layout.ts';

export type EmbedPhase = 'loading' | 'loaded' | 'rendered' | 'error';

export interface EmbeddedReportProps {
  token: EmbedToken;
  /** A fresh token for the same report (the library swaps it in before the old one expires). */
  renewToken: () => Promise<EmbedToken>;
  onPhase: (phase: EmbedPhase) => void;
  /** Milliseconds from the embed's start to `loaded` and to the first `rendered`. */
  onTimings: (timings: { loadMs: number; renderMs: number }) => void;
}

/**
 * The report frame: all permissions, filter pane, page navigation and action bar hidden, the
 * phone layout on phones,
 * transparent background (the visuals sit on the portal's own surface), started 100 ms after the
 * view appears and cleaned up 50 ms after it goes (the library's `embedDelayMs` /
 * `cleanupDelayMs`).
 */
export function EmbeddedReport({ token, renewToken, onPhase, onTimings }: EmbeddedReportProps) {
  const startedAt = useRef(0);
  const loadedAt = useRef<number | undefined>(undefined);
  const reported = useRef(false);
  const stopRefresh = useRef<TokenRefreshStop | undefined>(undefined);

  useEffect(() => () => stopRefresh.current?.(), []);

  // Phones get the report's phone layout. Turning the phone is a live settings update; crossing
  // from phone to desktop size embeds the report afresh (the service cannot switch in place).
  const layoutType = usePhoneLayout();

  // Built once per token and layout: a new object with the same content would change nothing.
  const config = useMemo(
    () => ({
      id: token.reportId,
      embedUrl: token.embedUrl,
      accessToken: token.embedToken,
      tokenType: models.TokenType.Embed,
      permissions: models.Permissions.All,
      settings: {
        filterPaneEnabled: false,
        navContentPaneEnabled: false,
        background: models.BackgroundType.Transparent,
        bars: { actionBar: { visible: false } },
        layoutType,
      },
    }),
    [token.reportId, token.embedUrl, token.embedToken, layoutType],
  );
  const service = useMemo(() => embedServiceFor(token.embedUrl), [token.embedUrl]);

  const { ref, status } = useReport(config, {
    service,
    embedDelayMs: REPORTS.embedStartMs,
    cleanupDelayMs: REPORTS.embedCleanupMs,
    getEmbeddedComponent: (report: Report) => {
      startedAt.current = performance.now();
      stopRefresh.current?.();
      stopRefresh.current = autoRefreshToken(report, {
        expiresAt: token.expiration,
        getToken: async () => {
          const next = await renewToken();
          return { token: next.embedToken, expiration: next.expiration };
        },
      });
    },
    eventHandlers: {
      loaded: () => {
        loadedAt.current = performance.now();
      },
      rendered: () => {
        if (reported.current) return;
        reported.current = true;
        const now = performance.now();
        onTimings({
          loadMs: Math.round((loadedAt.current ?? now) - startedAt.current),
          renderMs: Math.round(now - startedAt.current),
        });
      },
    },
  });

  useEffect(() => {
    if (status === 'idle') return;
    onPhase(status);
  }, [status, onPhase]);

  return <div className="report-frame__embed" data-embed-status={status} ref={ref} />;
}
