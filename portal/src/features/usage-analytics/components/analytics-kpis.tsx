import type { UsageAnalytics } from '@canopy/portal-contract';
import { countText, msText } from '../rules/analytics-rules.ts';

/** The four headline figures: views, viewers, median load and median render time. */
export function AnalyticsKpis({ totals }: { totals: UsageAnalytics['totals'] }) {
  return (
    <div className="grid grid--stats analytics-kpis">
      <Tile label="Views" value={countText(totals.views)} />
      <Tile label="Viewers" value={countText(totals.viewers)} />
      <Tile label="Median load" value={msText(totals.loadMs.median)} />
      <Tile label="Median render" value={msText(totals.renderMs.median)} />
    </div>
  );
}

/** Four placeholder tiles while the first figures load. */
export function AnalyticsKpisSkeleton() {
  return (
    <div className="grid grid--stats" aria-busy="true" aria-label="Loading">
      {Array.from({ length: 4 }, (_, index) => (
        <span key={index} className="skeleton skeleton--card" />
      ))}
    </div>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <section className="card stat" aria-label={label}>
      <h2 className="stat__label">{label}</h2>
      <p className="stat__value">{value}</p>
    </section>
  );
}
