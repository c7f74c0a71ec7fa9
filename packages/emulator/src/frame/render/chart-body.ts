import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { categoryColor } from './category-colors.ts';
import { formatCompact } from './format.ts';
import {
  categoryColumn,
  groupCount,
  measureLabel,
  pointOf,
  type BodyContext,
  type RenderedBody,
} from './visual-body.ts';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

const DIMMED = 0.3;

/** Column, bar, line, pie and donut charts, drawn with ECharts on a canvas. */
export function renderChart(host: HTMLElement, context: BodyContext): RenderedBody {
  const { visual, result, palette, selectedValue } = context;
  const groups = groupCount(visual);
  const categories = result.rows.map((row) => String(row[0] ?? '(Blank)'));
  const measureIndexes = result.columns.map((_, i) => i).filter((i) => i >= groups);
  const dim = (rowIndex: number) =>
    selectedValue !== undefined && result.rows[rowIndex]?.[0] !== selectedValue ? DIMMED : 1;

  const chart = echarts.init(host, undefined, { renderer: 'canvas' });
  const textStyle = {
    color: palette.foreground,
    fontFamily: 'Segoe UI, Liberation Sans, sans-serif',
  };
  let option: echarts.EChartsCoreOption;

  if (visual.type === 'pieChart' || visual.type === 'donutChart') {
    const valueIndex = measureIndexes[0] ?? 1;
    option = {
      animation: false,
      color: palette.dataColors,
      textStyle,
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', orient: 'vertical', right: 4, top: 'middle', textStyle },
      series: [
        {
          type: 'pie',
          radius: visual.type === 'donutChart' ? ['45%', '72%'] : [0, '72%'],
          center: ['40%', '52%'],
          label: { show: false },
          data: result.rows.map((row, i) => ({
            name: String(row[0] ?? '(Blank)'),
            value: Number(row[valueIndex] ?? 0),
            itemStyle: {
              opacity: dim(i),
              color: categoryColor(categoryColumn(visual), row[0] ?? null, palette.dataColors),
            },
          })),
        },
      ],
    };
  } else {
    const horizontal = visual.type === 'clusteredBarChart';
    const categoryAxis = {
      type: 'category',
      data: categories,
      axisLabel: { ...textStyle, hideOverlap: true },
      inverse: horizontal,
    };
    const valueAxis = {
      type: 'value',
      axisLabel: { ...textStyle, formatter: (v: number) => formatCompact(v) },
    };
    option = {
      animation: false,
      color: palette.dataColors,
      textStyle,
      tooltip: { trigger: 'axis' },
      legend: measureIndexes.length > 1 ? { top: 0, textStyle } : undefined,
      grid: {
        left: 8,
        right: 16,
        top: measureIndexes.length > 1 ? 28 : 12,
        bottom: 8,
        containLabel: true,
      },
      xAxis: horizontal ? valueAxis : categoryAxis,
      yAxis: horizontal ? categoryAxis : valueAxis,
      series: measureIndexes.map((columnIndex, seriesIndex) => ({
        type: visual.type === 'lineChart' ? 'line' : 'bar',
        name: measureLabel(visual, seriesIndex, result.columns[columnIndex]?.name ?? ''),
        data: result.rows.map((row, i) => ({
          value: Number(row[columnIndex] ?? 0),
          itemStyle: { opacity: dim(i) },
        })),
        symbolSize: 6,
      })),
    };
  }
  chart.setOption(option);
  chart.on('click', (params) => {
    context.onDataPoint(pointOf(visual, result, params.dataIndex));
  });
  chart.getZr().on('click', (event) => {
    // A click on the canvas that hit no data point clears the selection.
    if (!event.target) context.onDataPoint(undefined);
  });
  chart.on('contextmenu', (params) => {
    const native = (params.event?.event as MouseEvent | undefined) ?? undefined;
    if (native) context.onContextMenu(native, pointOf(visual, result, params.dataIndex));
  });
  // Draw now rather than on the next animation frame, so "rendered" means drawn.
  chart.getZr().refreshImmediately();
  return {
    dispose: () => chart.dispose(),
    resize: () => chart.resize(),
  };
}
