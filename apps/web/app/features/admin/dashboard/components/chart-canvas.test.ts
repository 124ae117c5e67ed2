import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartSpec } from './chart';
import { drawChart } from './chart-canvas';

/**
 * Chart.js itself lays the axes out, on a canvas jsdom has not got: a 2D context that measures every text
 * 6 px a character and draws nothing stands in, so the ticks are the library's own.
 */
function fakeContext(canvas: HTMLCanvasElement) {
  return new Proxy(
    { canvas, measureText: (text: string) => ({ width: String(text).length * 6 }) } as Record<
      string,
      unknown
    >,
    {
      get: (target, key) => (key in target ? target[key as string] : () => undefined),
      set: (target, key, value) => {
        target[key as string] = value;
        return true;
      },
    },
  );
}

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return fakeContext(this) as unknown as CanvasRenderingContext2D;
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The money axis's tick labels as drawn, bottom to top. */
function moneyTicks(spec: ChartSpec): string[] {
  const canvas = document.createElement('canvas');
  const div = document.createElement('div');
  // jsdom lays nothing out: the box the chart fills is given its size by hand.
  for (const element of [canvas, div]) {
    Object.defineProperty(element, 'clientWidth', { value: 600 });
    Object.defineProperty(element, 'clientHeight', { value: 300 });
    element.getBoundingClientRect = () => DOMRect.fromRect({ width: 600, height: 300 });
  }
  div.append(canvas);
  document.body.append(div);
  const chart = drawChart(canvas, spec) as unknown as {
    scales: Record<string, { ticks: { label: string | string[] }[] }>;
    destroy(): void;
  };
  const labels = chart.scales.y!.ticks.map((tick) => String(tick.label));
  chart.destroy();
  div.remove();
  return labels;
}

const labels = ['Current', '1-30 days', '31-60 days', '61-90 days', 'Over 90 days'];

describe('the charts’ money axis', () => {
  it('shows £0.00 alone when there is nothing to chart, never pennies rounded from fractions', () => {
    expect(moneyTicks({ kind: 'aged', labels, values: [0, 0, 0, 0, 0] })).toEqual(['£0.00']);
    const empty = moneyTicks({
      kind: 'revenue',
      labels: ['1 Jul', '2 Jul'],
      net: [0, 0],
      vat: [0, 0],
      orders: [0, 0],
    });
    expect(empty).toEqual(['£0.00']);
  });

  it('labels each tick with a distinct amount when there is money', () => {
    const ticks = moneyTicks({ kind: 'aged', labels, values: [100_000, 25_050, 0, 1_000, 999_999] });
    expect(ticks[0]).toBe('£0.00');
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(ticks.length).toBeGreaterThan(2);
    // A few pence: whole pence, each once.
    const pennies = moneyTicks({ kind: 'aged', labels, values: [3, 0, 0, 0, 0] });
    expect(pennies[0]).toBe('£0.00');
    expect(pennies.at(-1)).toBe('£0.03');
    expect(new Set(pennies).size).toBe(pennies.length);
  });
});
