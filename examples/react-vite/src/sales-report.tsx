import { models, type Page } from '@canopy/embed-core';
import { useReport } from '@canopy/embed-react';
import { useEffect, useRef, useState } from 'react';
import { EventsLog, type LoggedEvent } from './events-log.tsx';
import { REGIONS, regionFilters } from './region-filter.ts';
import { usePhoneLayout } from './use-phone-layout.ts';

interface Props {
  reportId: string;
  embedUrl: string;
  accessToken: string;
}

/**
 * The whole report UI is driven by props: picking a page or a region re-renders with a new
 * `pageName` / `filters`, and the wrapper turns that into `setPage` / `setFilters` on the live
 * report (no reload). On a phone the report asks for its phone layout (see use-phone-layout.ts).
 */
export function SalesReport({ reportId, embedUrl, accessToken }: Props) {
  const [pageName, setPageName] = useState<string | undefined>(undefined);
  const [region, setRegion] = useState('');
  const [pages, setPages] = useState<Page[]>([]);
  const [events, setEvents] = useState<LoggedEvent[]>([]);
  const nextId = useRef(0);
  const log = (text: string) => setEvents((list) => [...list, { id: nextId.current++, text }]);
  const layoutType = usePhoneLayout();

  const { ref, embed, status } = useReport(
    {
      id: reportId,
      embedUrl,
      accessToken,
      tokenType: models.TokenType.Embed,
      pageName,
      filters: regionFilters(region),
      settings: {
        panes: { filters: { visible: false }, pageNavigation: { visible: false } },
        // Phones get the report's phone layout (visuals stacked at the full width).
        layoutType,
      },
    },
    {
      // Inline handlers are fine: the latest one runs and nothing resubscribes.
      eventHandlers: {
        loaded: () => log('loaded'),
        rendered: () => log('rendered'),
        pageChanged: (event) => {
          const page = (event?.detail as { newPage: Page }).newPage;
          setPageName(page.name);
          log(`pageChanged: ${page.name} (${page.displayName})`);
        },
        filtersApplied: () => log(`filtersApplied: ${region || 'all regions'}`),
        error: (event) => log(`error: ${JSON.stringify(event?.detail)}`),
      },
    },
  );

  // The page list comes from the report once it has loaded.
  useEffect(() => {
    if (!embed || (status !== 'loaded' && status !== 'rendered')) return;
    let current = true;
    embed.getPages().then(
      (list) => {
        if (current)
          setPages(
            list.filter((page) => page.visibility !== models.SectionVisibility.HiddenInViewMode),
          );
      },
      (error: unknown) => log(`getPages failed: ${JSON.stringify(error)}`),
    );
    return () => {
      current = false;
    };
  }, [embed, status]);

  const activePage = pageName ?? pages.find((page) => page.isActive)?.name;
  return (
    <>
      <header>
        <h1>Sales Overview</h1>
        <span className="status" data-status={status} data-testid="status">
          {status}
        </span>
      </header>
      <main>
        <div ref={ref} className="report" />
        <aside className="controls">
          <h2>Pages</h2>
          {pages.map((page) => (
            <button
              key={page.name}
              aria-pressed={page.name === activePage}
              onClick={() => setPageName(page.name)}
            >
              {page.displayName}
            </button>
          ))}
          <h2>Region</h2>
          <select
            aria-label="Region"
            value={region}
            onChange={(event) => setRegion(event.target.value)}
          >
            <option value="">All regions</option>
            {REGIONS.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
          <EventsLog events={events} onClear={() => setEvents([])} />
        </aside>
      </main>
    </>
  );
}
