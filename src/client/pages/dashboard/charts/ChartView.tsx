/**
 * One canvas chart (Chart.js, tree-shaken: only the line, bar and doughnut charts the dashboard
 * draws are registered). This module is loaded lazily by pages that draw charts, so Chart.js
 * never enters the login route or the first paint of the home page.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { whenIdle } from '../../../app/idle';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

Chart.register(LineController, BarController, DoughnutController, LineElement, BarElement, ArcElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend, Filler);

export interface ChartViewProps {
  config: ChartConfiguration;
  height?: number;
  testId?: string;
}

export default function ChartView({ config, height = 280, testId }: ChartViewProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    chart.current = new Chart(canvas.current, { ...config, options: { responsive: true, maintainAspectRatio: false, animation: false, ...config.options } });
    return () => {
      const c = chart.current;
      chart.current = null;
      if (!c) return;
      // a new config redraws on this canvas now; a chart whose page is gone (a menu click to a
      // list) is released when the browser is idle, after the page it left for has drawn
      if (c.canvas?.isConnected) c.destroy();
      else whenIdle(() => c.destroy());
    };
  }, [config]);
  // A canvas leaving the page with its page (a menu click to a list) first drops chart.js's
  // responsive listeners: on the detach they resized the chart to nothing, then watched every
  // later change of the document (the new page's rows included) for its return, until the
  // idle destroy above. A layout cleanup runs before React takes the canvas out.
  useLayoutEffect(() => () => chart.current?.unbindEvents(), []);
  return (
    <div style={{ position: 'relative', height }} data-testid={testId}>
      <canvas ref={canvas} />
    </div>
  );
}
