import type { UsageDay } from '@canopy/portal-contract';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId } from 'react';
import {
  countText,
  dayText,
  labelStep,
  longDayText,
  seriesSummary,
} from '../rules/analytics-rules.ts';

const WIDTH = 720;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 40 };

/**
 * Views per day as an SVG bar chart (visx scales and bars). For screen readers the picture is one
 * image with a title and a summary in words, and the figures themselves are in the table below it
 * (a disclosure, so the page stays short); every bar also has a tooltip for the mouse. Colours come
 * from the theme's CSS variables, so the chart follows light and dark mode and the tenant colour.
 */
export function ViewsChart({ series }: { series: readonly UsageDay[] }) {
  const id = useId();
  const max = Math.max(1, ...series.map((day) => day.views));
  const x = scaleBand({
    domain: series.map((day) => day.date),
    range: [MARGIN.left, WIDTH - MARGIN.right],
    padding: 0.2,
  });
  const y = scaleLinear({
    domain: [0, max],
    range: [HEIGHT - MARGIN.bottom, MARGIN.top],
    nice: 4,
  });
  const ticks = y.ticks(4).filter(Number.isInteger);
  const step = labelStep(series.length);
  return (
    <figure className="views-chart">
      <svg
        className="views-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>Report views per day</title>
        <desc id={`${id}-desc`}>{seriesSummary(series)}</desc>
        {ticks.map((tick) => (
          <g key={tick} aria-hidden="true">
            <line
              className="views-chart__grid"
              x1={MARGIN.left}
              x2={WIDTH - MARGIN.right}
              y1={y(tick)}
              y2={y(tick)}
            />
            <text
              className="views-chart__label"
              x={MARGIN.left - 6}
              y={y(tick)}
              dy="0.32em"
              textAnchor="end"
            >
              {countText(tick)}
            </text>
          </g>
        ))}
        {series.map((day, index) => {
          const left = x(day.date) ?? 0;
          const top = y(day.views);
          return (
            <g key={day.date}>
              <Bar
                className="views-chart__bar"
                x={left}
                y={top}
                width={x.bandwidth()}
                height={Math.max(0, HEIGHT - MARGIN.bottom - top)}
              >
                <title>{`${longDayText(day.date)}: ${countText(day.views)} views`}</title>
              </Bar>
              {(series.length - 1 - index) % step === 0 && (
                <text
                  aria-hidden="true"
                  className="views-chart__label"
                  // The last label (today) ends at its bar, so it is never cut off at the edge.
                  x={index === series.length - 1 ? left + x.bandwidth() : left + x.bandwidth() / 2}
                  y={HEIGHT - MARGIN.bottom + 18}
                  textAnchor={index === series.length - 1 ? 'end' : 'middle'}
                >
                  {dayText(day.date)}
                </text>
              )}
            </g>
          );
        })}
        <line
          aria-hidden="true"
          className="views-chart__axis"
          x1={MARGIN.left}
          x2={WIDTH - MARGIN.right}
          y1={HEIGHT - MARGIN.bottom}
          y2={HEIGHT - MARGIN.bottom}
        />
      </svg>
      <details className="views-chart__data">
        <summary>Show the views per day as a table</summary>
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Report views per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="num">
                  Views
                </th>
              </tr>
            </thead>
            <tbody>
              {series.map((day) => (
                <tr key={day.date}>
                  <td>{longDayText(day.date)}</td>
                  <td className="num">{countText(day.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
