import { useEffect, useRef } from 'react';
import type * as CanvasModule from './chart-canvas';

/** What a dashboard chart shows, as plain figures (pence and counts); chart-canvas.ts draws it. */
export type ChartSpec =
  | { kind: 'revenue'; labels: string[]; net: number[]; vat: number[]; orders: number[] }
  | { kind: 'aged'; labels: string[]; values: number[] };

let canvasModule: Promise<typeof CanvasModule> | undefined;
/** Chart.js and the drawing code, fetched once however many charts the page has. */
const loadCanvas = () => (canvasModule ??= import('./chart-canvas'));

/**
 * A chart on a canvas, drawn in the browser only: the server (and a browser without scripts) renders the
 * empty canvas, which assistive technology reads as one image named by `label`; the table beside it has the
 * figures. Chart.js is imported when the chart mounts, never with the page's own code.
 */
export function Chart({ spec, label }: { spec: ChartSpec; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let drawn: { destroy(): void } | undefined;
    let gone = false;
    void loadCanvas()
      .then(({ drawChart }) => {
        if (!gone && canvas.current) drawn = drawChart(canvas.current, spec);
      })
      // A chart that cannot be drawn leaves its table, which has the same figures.
      .catch(() => undefined);
    return () => {
      gone = true;
      drawn?.destroy();
    };
  }, [spec]);
  return (
    <div className="admin-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
