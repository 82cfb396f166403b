/**
 * The report built from a real run (the engine against the fixture target for ~2 s): self-contained, escaped,
 * and embedding data that parses back to the summary's numbers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Summary } from '../../metrics/summary.ts';
import { fmtBytes, fmtCount, fmtMs, fmtPct, fmtRate } from '../format.ts';
import { CLIENT_SCRIPT } from './client-script.ts';
import { echartsSource } from './echarts-source.ts';
import { htmlReport, reportData, type ReportData } from './index.ts';
import { keyNumbers } from './key-numbers.ts';
import { runSample } from '../../../tests/fixtures/html-report-sample.ts';

const EVIL = '<script>alert(1)</script>';
let summary: Summary;
let html: string;

beforeAll(async () => {
  summary = await runSample({ name: EVIL, seconds: 2 });
  html = htmlReport(summary);
});

function embedded(doc: string): ReportData {
  const m = /<script type="application\/json" id="loadsmith-data">([\s\S]*?)<\/script>/.exec(doc);
  if (!m) throw new Error('no loadsmith-data script');
  return JSON.parse(m[1] as string) as ReportData;
}

/** The document without the inlined ECharts and the embedded JSON: what we wrote ourselves. */
function ownMarkup(doc: string): string {
  const lib = `<script>${echartsSource()}</script>`;
  expect(doc.includes(lib), 'ECharts inlined verbatim').toBe(true);
  return doc.replace(lib, '').replace(/<script type="application\/json" id="loadsmith-data">[\s\S]*?<\/script>/, '');
}

describe('htmlReport from a real run', () => {
  it('ran a realistic plan: failures, checks, errors, extractions, open model', () => {
    expect(summary._total).toBeGreaterThan(50);
    expect(summary.status).toBe('failed');
    expect(summary.errors.length).toBeGreaterThan(0);
    expect(summary.extractFailures.length).toBeGreaterThan(0);
    expect(summary.scenarios.some((s) => s.arrival)).toBe(true);
    expect(summary.timeline.length).toBeGreaterThanOrEqual(2);
  });

  it('is one self-contained document that fetches nothing', () => {
    // Boolean checks: a failing toMatch would print the whole 1 MB document.
    const has = (re: RegExp, text = html): boolean => re.test(text);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(has(/<link\b/i), '<link>').toBe(false);
    expect(has(/<script\b[^>]*\bsrc\s*=/i), '<script src>').toBe(false);
    expect(has(/url\(\s*['"]?\s*(https?:)?\/\//i), 'url( to the network').toBe(false);
    expect(has(/@import/i), '@import').toBe(false);
    // Our own markup (everything but ECharts and the data) names no URL and loads nothing at all.
    const own = ownMarkup(html);
    expect(has(/https?:\/\//i, own), 'http(s):// in our markup').toBe(false);
    expect(has(/url\(/i, own), 'url( in our markup').toBe(false);
    expect(has(/<(img|iframe|object|embed|video|audio|source|link|base)\b/i, own), 'loading elements').toBe(false);
    expect(has(/\bsrc\s*=|\bhref="(?!#)/i, own), 'src= or href= other than #anchors').toBe(false);
    // Exactly our three scripts: data, ECharts, the drawing script.
    expect(html.match(/<script\b/gi)?.length).toBe(3);
    expect(html.match(/<\/script/gi)?.length).toBe(3);
  });

  it('escapes the plan name and every other text from users and servers', () => {
    expect(ownMarkup(html).includes(EVIL)).toBe(false);
    expect(ownMarkup(html)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const s: Summary = structuredClone(summary);
    const nasty = (x: string): string => `${x}</script><img src=x onerror=alert(2)>"'&`;
    s.plan.file = nasty('file');
    s.checks[0]!.name = nasty('check');
    s.checks[1]!.failure = nasty('failure');
    s.errors[0]!.message = nasty('error');
    s.extractFailures[0]!.variable = nasty('var');
    s.requests[0]!.name = nasty('request');
    s.thresholds[0]!.expression = nasty('expr');
    s.notes = [nasty('note')];
    s.scenarios[0]!.description = nasty('description');
    const doc = htmlReport(s, { title: nasty('title') });
    const own = ownMarkup(doc);
    expect(own.includes('<img')).toBe(false);
    expect(own.includes('onerror=alert(2)>')).toBe(false);
    for (const x of ['file', 'check', 'failure', 'error', 'var', 'request', 'expr', 'note', 'description', 'title']) {
      expect(own.includes(`${x}&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#39;&amp;`), x).toBe(true);
    }
    expect(doc.match(/<\/script/gi)?.length).toBe(3);
    expect(embedded(doc).summary.errors[0]?.message).toBe(nasty('error'));
  });

  it('embeds JSON that parses back to the summary numbers', () => {
    const data = embedded(html);
    const { timeline: _t, ...rest } = summary;
    expect(data.format).toBe(1);
    expect(data.summary).toEqual(rest);
    expect(data.summary._total).toBe(summary._total);
    expect(data.summary._rps).toBe(summary._rps);
    expect(data.summary._p99).toBe(summary._p99);
    expect(data.charts).toEqual(reportData(summary).charts);
    // A short run is not downsampled: every whole second is there, with the timeline's own values.
    const whole = summary.timeline.filter((p) => p.span >= 0.5);
    expect(data.charts.find((c) => c.id === 'rps')?.series[0]?.points).toEqual(
      whole.map((p) => [p.t, p.reqs / p.span]),
    );
    expect(data.charts.find((c) => c.id === 'vus')?.series[0]?.points).toEqual(
      summary.timeline.map((p) => [p.t, p.vus]),
    );
    expect(data.charts.find((c) => c.id === 'latency')?.series[3]?.points).toEqual(
      summary.timeline.map((p) => [p.t, p.latency?.p99 ?? null]),
    );
  });

  it('marks the key numbers with their raw value and the CLI formatting', () => {
    const shown = new Map(
      [...html.matchAll(/data-key="([^"]+)" data-value="([^"]+)">([^<]*)</g)].map((m) => [
        m[1],
        { value: Number(m[2]), text: m[3] },
      ]),
    );
    const m = summary.metrics;
    const expected: Record<string, [number, string]> = {
      _total: [summary._total, fmtCount(summary._total)],
      _rps: [summary._rps, fmtRate(summary._rps)],
      _p50: [summary._p50, fmtMs(summary._p50)],
      _p99: [summary._p99, fmtMs(summary._p99)],
    };
    if (m.http_req_duration?.type === 'trend')
      expected['metrics.http_req_duration.p95'] = [m.http_req_duration.p95, fmtMs(m.http_req_duration.p95)];
    if (m.http_req_failed?.type === 'rate')
      expected['metrics.http_req_failed.rate'] = [m.http_req_failed.rate, fmtPct(m.http_req_failed.rate)];
    if (m.checks?.type === 'rate') expected['metrics.checks.rate'] = [m.checks.rate, fmtPct(m.checks.rate)];
    if (m.iterations?.type === 'counter')
      expected['metrics.iterations.count'] = [m.iterations.count, fmtCount(m.iterations.count)];
    if (m.data_sent?.type === 'counter')
      expected['metrics.data_sent.count'] = [m.data_sent.count, fmtBytes(m.data_sent.count)];
    if (m.data_received?.type === 'counter')
      expected['metrics.data_received.count'] = [m.data_received.count, fmtBytes(m.data_received.count)];
    const i = summary.scenarios.findIndex((s) => s.arrival);
    const a = summary.scenarios[i]!.arrival!;
    expected[`scenarios.${i}.arrival.targetRate`] = [a.targetRate, fmtRate(a.targetRate)];
    expected[`scenarios.${i}.arrival.achievedRate`] = [a.achievedRate, fmtRate(a.achievedRate)];
    expected[`scenarios.${i}.dropped`] = [summary.scenarios[i]!.dropped, fmtCount(summary.scenarios[i]!.dropped)];
    for (const [key, [value, text]] of Object.entries(expected)) expect(shown.get(key), key).toEqual({ value, text });
    expect(shown.size).toBe(keyNumbers(summary).length);
  });

  it('has every section, a labelled figure per chart, and the verdict', () => {
    for (const id of [
      'charts',
      'thresholds',
      'checks',
      'requests',
      'statuses',
      'errors',
      'scenarios',
      'groups',
      'metrics',
    ])
      expect(ownMarkup(html)).toContain(`id="${id}"`);
    for (const c of ['rps', 'latency', 'vus', 'errors', 'arrival'])
      expect(ownMarkup(html)).toMatch(
        new RegExp(
          `<figure class="chart-figure"><div class="chart" data-chart="${c}" role="img" aria-label="[^"]+"></div><figcaption>`,
        ),
      );
    expect(ownMarkup(html)).toContain('✗ FAILED');
    expect(ownMarkup(html)).toContain('p(99)=');
    expect(ownMarkup(html)).toContain('Failed extractions');
    for (const name of Object.keys(summary.metrics)) expect(ownMarkup(html)).toContain(`>${name}<`);
    expect(ownMarkup(html)).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; · Loadsmith report</title>');
    expect(ownMarkup(htmlReport(summary, { title: 'Nightly' }))).toContain('<h1>Nightly</h1>');
  });

  it('shouts when the generator was saturated, and survives an empty run', () => {
    expect(ownMarkup(html)).not.toContain('data-warning="generator-saturated"');
    const busy = htmlReport({ ...summary, notes: ['the load generator was saturated for 5 of 10 seconds (…)'] });
    expect(ownMarkup(busy)).toContain('data-warning="generator-saturated"');
    const empty = htmlReport({
      ...summary,
      timeline: [],
      requests: [],
      checks: [],
      errors: [],
      extractFailures: [],
      thresholds: [],
      statuses: {},
    });
    expect(ownMarkup(empty)).toContain('too short for a timeline');
    expect(ownMarkup(empty)).not.toContain('data-chart=');
    expect(ownMarkup(empty)).toContain('no thresholds');
  });

  it('ships a drawing script that is valid JavaScript', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loadsmith-html-'));
    try {
      const file = join(dir, 'client.js');
      writeFileSync(file, CLIENT_SCRIPT);
      execFileSync(process.execPath, ['--check', file]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
