/**
 * ECharts with only what the data centre draws: line and bar charts, their grid, tooltip and
 * legend, on canvas. Imported dynamically by `Chart` alone, so it loads on /dataCenter only
 * (echarts/core keeps the rest of the library out of the bundle).
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

register([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export { init };
