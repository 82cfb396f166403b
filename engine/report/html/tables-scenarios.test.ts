/** The HTML report lists each scenario's requests, rate, p(95), failed and checks when the run had two or more. */
import { describe, expect, it } from 'vitest';
import { fakeSummary } from '../compare/testing.ts';
import { htmlReport } from './index.ts';
import { scenarioRequestsHtml } from './tables-scenarios.ts';

/** The table's rows as the text of their cells. */
const rows = (html: string): string[][] =>
  [...html.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
    [...(m[1] as string).matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => (c[1] as string).replace(/<[^>]+>/g, '')),
  );

describe('requests per scenario in the HTML report', () => {
  const s = fakeSummary({
    scenarios: [
      { name: 'http1', requests: 2594, p95: 3330, failed: 0.25, checks: 0.75 },
      { name: 'grpc', requests: 3729, p95: 3350, protocol: 'grpc' },
    ],
  });

  it('has a row per scenario with its own numbers', () => {
    expect(rows(scenarioRequestsHtml(s))).toEqual([
      ['Scenario', 'Protocol', 'Requests', 'Req/s', 'p(95)', 'Failed', 'Checks passed'],
      ['http1', 'HTTP', '2,594', '259/s', '3.33s', '25.02%', '75.00%'],
      ['grpc', 'gRPC', '3,729', '373/s', '3.35s', '0.00%', '–'],
    ]);
    expect(htmlReport(s)).toContain('aria-label="Requests per scenario"');
  });

  it('is left out for a run of one scenario', () => {
    expect(scenarioRequestsHtml(fakeSummary())).toBe('');
    expect(htmlReport(fakeSummary())).not.toContain('Requests per scenario');
  });
});
