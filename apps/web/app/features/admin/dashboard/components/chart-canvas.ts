// Chart.js, drawn on a canvas in the browser. Only <Chart> imports this module, and only with import() after
// it has mounted, so the library is a chunk of its own that the back office's dashboard alone fetches
// (scripts/check-bundle-size.mjs checks that no storefront route loads it).
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { formatNearestGbp } from '@shop/domain';
import type { ChartSpec } from './chart';

Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);

/**
 * The colours, each at least 3:1 against the white background (WCAG 1.4.11), and telling net from VAT by
 * lightness as well as hue: net navy, VAT teal, orders amber-brown; aged debt from green to dark red.
 */
export const CHART_COLOURS = {
  net: '#0f3d5e',
  vat: '#2a8a86',
  orders: '#a84300',
  aged: ['#1f7a3a', '#8a6d00', '#b35400', '#b3261e', '#6e1410'],
  grid: '#d5dde6',
  text: '#4a5a6a',
} as const;

const whole = (value: number | string) => (Number.isInteger(Number(value)) ? String(value) : '');

/**
 * A money axis in pence, from £0.00, its ticks whole pence apart and labelled to the penny. Left to itself,
 * Chart.js runs an axis with nothing on it from 0 to 1 in tenths, which read '£0.00 … £0.01 £0.01': with no
 * money to show, the axis is £0.00 alone.
 */
function moneyAxis(values: readonly number[]) {
  const empty = values.every((value) => !(value > 0));
  return {
    beginAtZero: true,
    ...(empty ? { min: 0, max: 0 } : {}),
    // An axis from 0 to 0 still has a tick at each end: one £0.00 is enough.
    afterBuildTicks: (axis: { ticks: { value: number }[] }) => {
      axis.ticks = axis.ticks.filter(
        (tick, index, all) => all.findIndex((t) => t.value === tick.value) === index,
      );
    },
    ticks: { color: CHART_COLOURS.text, callback: formatNearestGbp, precision: 0 },
    grid: { color: CHART_COLOURS.grid },
  };
}

function configOf(spec: ChartSpec): ChartConfiguration {
  const common = { responsive: true, maintainAspectRatio: false, animation: false } as const;
  if (spec.kind === 'aged') {
    return {
      type: 'bar',
      data: {
        labels: spec.labels,
        datasets: [{ label: 'Owed', data: spec.values, backgroundColor: [...CHART_COLOURS.aged] }],
      },
      options: {
        ...common,
        plugins: {
          legend: { display: false },
          tooltip: { callbacks: { label: (item) => formatNearestGbp(item.parsed.y ?? 0) } },
        },
        scales: {
          x: { ticks: { color: CHART_COLOURS.text }, grid: { display: false } },
          y: moneyAxis(spec.values),
        },
      },
    };
  }
  return {
    type: 'bar',
    data: {
      labels: spec.labels,
      datasets: [
        {
          type: 'bar',
          label: 'Net',
          data: spec.net,
          backgroundColor: CHART_COLOURS.net,
          stack: 'money',
          yAxisID: 'y',
          order: 2,
        },
        {
          type: 'bar',
          label: 'VAT',
          data: spec.vat,
          backgroundColor: CHART_COLOURS.vat,
          stack: 'money',
          yAxisID: 'y',
          order: 2,
        },
        {
          type: 'line',
          label: 'Orders',
          data: spec.orders,
          borderColor: CHART_COLOURS.orders,
          backgroundColor: CHART_COLOURS.orders,
          pointRadius: 2,
          borderWidth: 2,
          yAxisID: 'orders',
          order: 1,
        },
      ],
    },
    options: {
      ...common,
      interaction: { mode: 'index', intersect: false },
      plugins: {
        legend: { labels: { color: CHART_COLOURS.text } },
        tooltip: {
          callbacks: {
            label: (item) =>
              item.dataset.yAxisID === 'orders'
                ? `Orders: ${item.parsed.y}`
                : `${item.dataset.label}: ${formatNearestGbp(item.parsed.y ?? 0)}`,
          },
        },
      },
      scales: {
        x: { stacked: true, ticks: { color: CHART_COLOURS.text, autoSkip: true }, grid: { display: false } },
        y: { stacked: true, ...moneyAxis([...spec.net, ...spec.vat]) },
        orders: {
          position: 'right',
          beginAtZero: true,
          ticks: { color: CHART_COLOURS.orders, callback: whole, precision: 0 },
          grid: { display: false },
        },
      },
    },
  } as ChartConfiguration;
}

/** Draws the chart on the canvas; it follows its box's width (Chart.js's responsive mode). */
export function drawChart(canvas: HTMLCanvasElement, spec: ChartSpec): { destroy(): void } {
  return new Chart(canvas, configOf(spec));
}
