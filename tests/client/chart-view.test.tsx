// @vitest-environment happy-dom
/**
 * ChartView leaving the page with its page (a menu click from the dashboard to a list): chart.js's
 * responsive listeners are dropped while the canvas is still in the document — on its detach
 * they resized the chart to nothing and then watched every later change of the document (the
 * new page's rows) — and the chart itself is released later, when the browser is idle.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';

const charts = vi.hoisted(() => ({ made: [] as Array<{ canvas: HTMLCanvasElement; log: string[] }> }));
vi.mock('chart.js', () => {
  class Chart {
    static register() {}
    canvas: HTMLCanvasElement;
    log: string[] = [];
    constructor(canvas: HTMLCanvasElement) {
      this.canvas = canvas;
      charts.made.push(this);
    }
    unbindEvents() {
      this.log.push(`unbindEvents, canvas ${this.canvas.isConnected ? 'in the page' : 'detached'}`);
    }
    destroy() {
      this.log.push('destroy');
    }
  }
  const part = class {};
  return { Chart, ArcElement: part, BarController: part, BarElement: part, CategoryScale: part, DoughnutController: part, Filler: part, Legend: part, LinearScale: part, LineController: part, LineElement: part, PointElement: part, Tooltip: part };
});

const idle = vi.hoisted(() => ({ queued: [] as Array<() => void> }));
vi.mock('../../src/client/app/idle', () => ({ whenIdle: (fn: () => void) => idle.queued.push(fn) }));

const { default: ChartView } = await import('../../src/client/pages/dashboard/charts/ChartView');

afterEach(() => cleanup());

it('unmounted with its page: listeners dropped before the canvas leaves the document, the chart destroyed when idle', () => {
  const { unmount } = render(<ChartView config={{ type: 'bar', data: { labels: [], datasets: [] } }} />);
  expect(charts.made).toHaveLength(1);
  const chart = charts.made[0]!;
  unmount();
  expect(chart.log).toEqual(['unbindEvents, canvas in the page']);
  expect(idle.queued).toHaveLength(1);
  idle.queued.shift()!();
  expect(chart.log).toEqual(['unbindEvents, canvas in the page', 'destroy']);
});
