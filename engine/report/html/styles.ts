/**
 * The report's stylesheet, inlined. System fonts only and no url(): the file must open offline and fetch nothing.
 * Colours are CSS variables so dark mode (prefers-color-scheme) and print swap them in one place; the chart script
 * reads the `--s-*` series colours from here too.
 */
export const STYLES = `
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --border: #d1d9e0; --panel: #f6f8fa; --accent: #0969da;
  --ok: #1a7f37; --bad: #cf222e; --warn: #9a6700; --warn-bg: #fff8c5; --bad-bg: #ffebe9; --ok-bg: #dafbe1;
  --grid: #e6eaef;
  --s-rps: #0969da; --s-failed: #cf222e; --s-p50: #1a7f37; --s-p90: #bf8700; --s-p95: #e16f24; --s-p99: #a40e26;
  --s-vus: #8250df; --s-errors: #cf222e; --s-checks: #bf8700; --s-scheduled: #6e7781; --s-started: #0969da; --s-dropped: #cf222e;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --panel: #151b23; --accent: #4493f8;
    --ok: #3fb950; --bad: #f85149; --warn: #d29922; --warn-bg: #2e2a1a; --bad-bg: #2d1619; --ok-bg: #122d1c;
    --grid: #262c36;
    --s-rps: #4493f8; --s-failed: #f85149; --s-p50: #3fb950; --s-p90: #d29922; --s-p95: #f0883e; --s-p99: #ff7b72;
    --s-vus: #ab7df8; --s-errors: #f85149; --s-checks: #d29922; --s-scheduled: #9198a1; --s-started: #4493f8; --s-dropped: #f85149;
  }
}
* { box-sizing: border-box; }
html { background: var(--bg); color: var(--fg); }
body { margin: 0 auto; max-width: 1400px; padding: 24px 32px 48px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
h1 { font-size: 26px; margin: 0 0 6px; overflow-wrap: anywhere; }
h2 { font-size: 18px; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--border); }
h3 { font-size: 15px; margin: 20px 0 8px; }
code, .metric-name, .sample { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.brand { margin: 0; color: var(--muted); font-size: 12px; letter-spacing: .08em; text-transform: uppercase; }
.verdict { display: inline-block; margin: 4px 0 12px; padding: 4px 12px; border-radius: 6px; font-size: 16px; }
.verdict.ok { background: var(--ok-bg); color: var(--ok); } .verdict.bad { background: var(--bad-bg); color: var(--bad); }
.verdict span { color: var(--fg); font-size: 13px; }
.meta { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 8px 24px; margin: 0; }
.meta div { min-width: 0; } .meta .wide { grid-column: span 2; }
.meta dt { color: var(--muted); font-size: 12px; } .meta dd { margin: 0; overflow-wrap: anywhere; }
.callout { margin: 14px 0 0; padding: 10px 14px; border-radius: 6px; border: 1px solid var(--border); background: var(--panel); }
.callout.warn { border-color: var(--warn); background: var(--warn-bg); }
.callout ul { margin: 6px 0 0; padding-left: 20px; }
.kpis { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 10px; margin-top: 20px; }
.kpi { padding: 10px 14px; border: 1px solid var(--border); border-radius: 8px; background: var(--panel); min-width: 0; }
.kpi.bad { border-color: var(--bad); } .kpi.warn { border-color: var(--warn); }
.kpi-label { color: var(--muted); font-size: 12px; overflow-wrap: anywhere; }
.kpi-value { font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; }
.kpi.bad .kpi-value { color: var(--bad); } .kpi.warn .kpi-value { color: var(--warn); }
.kpi-detail { color: var(--muted); font-size: 12px; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); gap: 16px; }
.chart-figure { margin: 0; padding: 10px; border: 1px solid var(--border); border-radius: 8px; min-width: 0; }
.chart { width: 100%; height: 260px; }
figcaption { color: var(--muted); font-size: 12px; margin-top: 4px; } figcaption strong { color: var(--fg); }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: 5px 10px; border-bottom: 1px solid var(--border); text-align: left; vertical-align: top; }
thead th { color: var(--muted); font-weight: 600; font-size: 12px; white-space: nowrap; }
.num { text-align: right; white-space: nowrap; }
.group-row th { background: var(--panel); font-weight: 600; font-size: 12.5px; }
.sample { color: var(--muted); overflow-wrap: anywhere; max-width: 520px; }
.mark { width: 1.5em; text-align: center; }
.ok { color: var(--ok); } .bad { color: var(--bad); } .warn { color: var(--warn); } .muted, .empty, .note { color: var(--muted); }
.status { font-family: ui-monospace, monospace; } .method { color: var(--muted); font-size: 11px; font-weight: 600; }
.tag { font-size: 11px; padding: 0 6px; border: 1px solid var(--border); border-radius: 10px; color: var(--muted); }
nav.toc { margin-top: 18px; font-size: 13px; } nav.toc a { color: var(--accent); margin-right: 14px; text-decoration: none; }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
@media (max-width: 700px) { body { padding: 16px; } .charts { grid-template-columns: 1fr; } .meta .wide { grid-column: auto; } }
@media print {
  :root {
    color-scheme: light;
    --bg: #fff; --fg: #000; --muted: #444; --border: #bbb; --panel: #f3f3f3; --grid: #ddd;
    --ok: #116329; --bad: #a40e26; --warn: #7d4e00; --warn-bg: #fff8c5; --bad-bg: #fff; --ok-bg: #fff;
    --s-rps: #0969da; --s-failed: #cf222e; --s-p50: #1a7f37; --s-p90: #bf8700; --s-p95: #e16f24; --s-p99: #a40e26;
    --s-vus: #8250df; --s-errors: #cf222e; --s-checks: #bf8700; --s-scheduled: #6e7781; --s-started: #0969da; --s-dropped: #cf222e;
  }
  body { max-width: none; padding: 0; font-size: 11px; }
  nav.toc { display: none; }
  .charts { grid-template-columns: 1fr 1fr; }
  .chart { height: 220px; }
  figure, tr, .kpi, .callout { break-inside: avoid; }
  h2 { break-after: avoid; }
  .table-wrap { overflow: visible; }
}
`;
