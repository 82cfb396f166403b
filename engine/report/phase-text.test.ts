/** The phases of a run changed mid-run, as the text summary and the HTML report show them. */
import { describe, expect, it } from 'vitest';
import type { PhaseScenario, RunPhase } from '../metrics/phases.ts';
import { fakeSummary } from './compare/testing.ts';
import { chartSpecs } from './html/chart-data.ts';
import { htmlReport } from './html/index.ts';
import { achievedText, fellShort, phaseCause, phaseSpan, targetText } from './phase-text.ts';
import { textSummary } from './text-summary.ts';

const closed = (o: Partial<PhaseScenario> = {}): PhaseScenario => ({
  name: 'browse',
  target: { source: 'plan', vus: { from: 0, to: 10 } },
  seconds: 10,
  vus: { avg: 4.96, max: 10 },
  iterations: 312,
  iterationRate: 31.2,
  reqs: 624,
  rps: 62.4,
  ...o,
});
const open = (o: Partial<PhaseScenario> = {}): PhaseScenario => ({
  name: 'api',
  target: { source: 'control', rate: { from: 40, to: 40, average: 40 } },
  seconds: 10,
  vus: { avg: 3, max: 5 },
  iterations: 300,
  iterationRate: 30,
  reqs: 300,
  rps: 30,
  arrival: { scheduled: 400, started: 300, dropped: 100, achievedRate: 30 },
  ...o,
});

const PHASES: RunPhase[] = [
  {
    startMs: 0,
    endMs: 10_000,
    changes: [],
    paused: false,
    reqs: 924,
    rps: 92.4,
    failedRate: 0,
    p95: 12.5,
    scenarios: [
      closed(),
      open({
        target: { source: 'plan', rate: { from: 10, to: 30, average: 20 } },
        arrival: { scheduled: 200, started: 200, dropped: 0, achievedRate: 20 },
      }),
    ],
  },
  {
    startMs: 10_000,
    endMs: 20_000,
    changes: [
      { kind: 'scale', scenario: 'browse', vus: 50 },
      { kind: 'scale', scenario: 'api', rate: 40 },
    ],
    paused: false,
    reqs: 1000,
    rps: 100,
    failedRate: 0.01,
    p95: 30,
    scenarios: [closed({ target: { source: 'control', vus: { from: 50, to: 50 } } }), open()],
  },
  {
    startMs: 20_000,
    endMs: 25_000,
    changes: [{ kind: 'pause' }],
    paused: true,
    reqs: 3,
    rps: 0.6,
    failedRate: 0,
    p95: null,
    scenarios: [closed({ target: { source: 'paused' } }), open({ target: { source: 'paused' }, seconds: 0 })],
  },
];

const summary = () => ({ ...fakeSummary({ durationMs: 25_000 }), control: { events: [], phases: PHASES } });

describe('phase text', () => {
  it('says what began each phase and when', () => {
    expect(PHASES.map(phaseCause)).toEqual(['the plan', 'browse: 50 VUs, api: 40 iterations/s', 'paused']);
    expect(phaseSpan(PHASES[1] as RunPhase)).toBe('10s – 20s');
  });

  it("gives the plan's target as the reference until a change, then the change's", () => {
    expect(targetText(closed())).toBe('plan: 0 VUs → 10 VUs');
    expect(targetText(open({ target: { source: 'plan', rate: { from: 10, to: 30, average: 20 } } }))).toBe(
      'plan: 10 iterations/s → 30 iterations/s (20 iterations/s on average)',
    );
    expect(targetText(closed({ target: { source: 'control', vus: { from: 50, to: 50 } } }))).toBe('50 VUs');
    expect(targetText(open())).toBe('40 iterations/s');
    expect(targetText(open({ target: { source: 'paused' } }))).toBe('paused');
  });

  it('says what was achieved, and flags an open-model scenario that fell short', () => {
    expect(achievedText(closed())).toBe('5 VUs on average (max 10) · 31.2 iterations/s · 62.4 requests/s');
    expect(achievedText(open())).toBe('30 started/s · 100 dropped · 30 requests/s');
    expect(achievedText(open({ seconds: 0 }))).toBe('did not run');
    expect(fellShort(open())).toBe(true);
    expect(fellShort(open({ arrival: { scheduled: 400, started: 400, dropped: 0, achievedRate: 40 } }))).toBe(false);
    expect(fellShort(closed())).toBe(false);
  });
});

describe('phases in the reports', () => {
  it('the text summary has a PHASES block, one line per phase and per scenario', () => {
    const text = textSummary(summary());
    const block = text.slice(text.indexOf('█ PHASES'), text.indexOf('█ STATUS CODES'));
    expect(block).toContain('0s – 10s  the plan · 92.4/s requests, p(95)=12.5ms, failed 0.00%');
    expect(block).toContain('10s – 20s  browse: 50 VUs, api: 40 iterations/s');
    expect(block).toMatch(/ {6}browse {2}target 50 VUs {2}achieved 5 VUs on average/);
    expect(block).toMatch(/ {6}api {5}target paused {2}achieved did not run/);
    expect(textSummary(fakeSummary())).not.toContain('PHASES');
  });

  it('the HTML report has a Phases table and marks each change on the charts', () => {
    const html = htmlReport(summary());
    const table = html.slice(
      html.indexOf('<section id="phases"'),
      html.indexOf('</section>', html.indexOf('<section id="phases"')),
    );
    expect(table).toContain('<td>browse: 50 VUs, api: 40 iterations/s</td>');
    expect(table).toContain('class="warn">30 started/s · 100 dropped');
    expect(html).toContain('<a href="#phases">Phases</a>');
    expect(
      chartSpecs(summary()).every(
        (c) =>
          JSON.stringify(c.marks) ===
          JSON.stringify([
            { t: 10, label: 'browse: 50 VUs, api: 40 iterations/s' },
            { t: 20, label: 'paused' },
          ]),
      ),
    ).toBe(true);
    expect(htmlReport(fakeSummary())).not.toContain('id="phases"');
  });
});
