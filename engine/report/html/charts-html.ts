/**
 * The chart figures. Each is an empty, labelled box the inline script fills with ECharts (canvas renderer); the
 * figcaption says in words what the chart shows, so the page still makes sense when printed or read aloud.
 */
import type { ChartSpec } from './chart-data.ts';
import { h } from './html.ts';

/** One <figure> per chart, with data-chart naming which one the script draws there. */
export function chartsHtml(specs: readonly ChartSpec[]): string {
  if (specs.every((c) => c.series.every((s) => s.points.length === 0))) {
    return '<section id="charts" aria-labelledby="charts-h"><h2 id="charts-h">Over time</h2><p class="empty">The run was too short for a timeline.</p></section>';
  }
  const figures = specs.map(
    (c) =>
      `<figure class="chart-figure">` +
      `<div class="chart" data-chart="${h(c.id)}" role="img" aria-label="${h(`${c.title}: ${c.description}`)}"></div>` +
      `<figcaption><strong>${h(c.title)}</strong> — ${h(c.description)}</figcaption></figure>`,
  );
  return (
    `<section id="charts" aria-labelledby="charts-h"><h2 id="charts-h">Over time</h2>` +
    `<p class="note">x: seconds since the start. Hover for values; Ctrl + wheel zooms, and the charts move together.</p>` +
    `<div class="charts">${figures.join('')}</div></section>`
  );
}
