/**
 * Stalls a closed model hides (issue 19), against real servers on 127.0.0.1: a target that stops answering for
 * 1.5 s is named in the summary, the live ticks, the text and the HTML report while the closed model's p(99) stays
 * fast; a steady target, a ramp down and a think-heavy plan are not.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { textSummary } from '../../engine/report/text-summary.ts';
import { htmlReport } from '../../engine/report/html/index.ts';
import { runYaml } from './run-helper.ts';

/** A target that counts for itself; with `stall`, requests arriving in that window (ms after its first) wait for its end. */
interface Target {
  url: string;
  requests: () => number;
  held: () => number;
  heldMs: () => number;
  close: () => Promise<void>;
}

let target: Target | undefined;
afterEach(async () => {
  await target?.close();
  target = undefined;
});

async function startTarget(stall?: { fromMs: number; untilMs: number }): Promise<Target> {
  let first = 0,
    requests = 0,
    held = 0,
    heldMs = 0;
  const server: Server = createServer((_req, res) => {
    const now = Date.now();
    if (first === 0) first = now;
    requests++;
    if (stall && now >= first + stall.fromMs && now < first + stall.untilMs) {
      held++;
      const wait = first + stall.untilMs - now;
      heldMs = Math.max(heldMs, wait);
      setTimeout(() => res.end('ok'), wait);
    } else res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    held: () => held,
    heldMs: () => heldMs,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

const plan = (scenario: string): string => `version: 1
name: stalls
scenarios:
  s:
${scenario}
    steps:
      - request: { url: "\${env.BASE}/x" }
      - think: { min: 10ms, max: 10ms }
`;
const constant = '    executor: constant-vus\n    vus: 10\n    duration: 6s';

describe('a stall the closed model hides', () => {
  it('is named with its time and size in the summary, the live ticks, the text and the HTML report', async () => {
    target = await startTarget({ fromMs: 2000, untilMs: 3500 });
    const { summary, ticks } = await runYaml(plan(constant), { env: { BASE: target.url } });
    // The target's own view: every VU's request was held, for up to 1.5 s.
    expect(target.held()).toBeGreaterThanOrEqual(10);
    expect(target.heldMs()).toBeGreaterThan(1200);
    // The closed model's percentiles hide it: ten slow requests among thousands.
    expect(summary._total).toBeGreaterThan(1000);
    expect(summary._p99).toBeLessThan(500);

    expect(summary.stalls).toHaveLength(1);
    const stall = summary.stalls?.[0];
    expect(stall?.atS).toBeGreaterThanOrEqual(1);
    expect(stall?.atS).toBeLessThanOrEqual(3);
    expect(stall?.seconds).toBeGreaterThanOrEqual(1);
    expect(stall?.seconds).toBeLessThanOrEqual(2);
    expect(stall?.share).toBeLessThan(0.25);
    expect(stall?.vus).toBe(10);
    expect(stall?.longestMs).toBeGreaterThan(1000);
    expect(stall?.message).toMatch(
      /^at \d s throughput fell to [\d.]+ % of the median for \d s while 10 VUs were busy \(the longest request took 1\.\d\d s\); closed-model percentiles understate this — an arrival-rate executor measures it$/,
    );
    // Live: a tick after the stall already lists it.
    expect(ticks.some((t) => t.live.stalls?.some((s) => s.atS === stall?.atS))).toBe(true);
    expect(textSummary(summary)).toContain(`! stall: ${stall?.message}`);
    expect(htmlReport(summary)).toMatch(
      /data-warning="hidden-stall"><strong>The target stalled[^<]*<\/strong><ul><li>at \d s throughput fell/,
    );
  });

  it('is not claimed for a steady target', async () => {
    target = await startTarget();
    const { summary } = await runYaml(plan(constant), { env: { BASE: target.url } });
    expect(target.requests()).toBeGreaterThan(1000);
    expect(summary.stalls).toEqual([]);
    expect(textSummary(summary)).not.toContain('stall:');
  });

  it('is not claimed for a ramp down to 0 or at the end of the run', async () => {
    target = await startTarget();
    const { summary } = await runYaml(
      plan(
        '    executor: ramping-vus\n    startVUs: 10\n    stages: [{ duration: 2s, target: 10 }, { duration: 4s, target: 0 }]\n    gracefulRampDown: 0s',
      ),
      { env: { BASE: target.url } },
    );
    expect(summary.timeline.at(-2)?.vus).toBeLessThan(5);
    expect(summary.stalls).toEqual([]);
  });

  it('is not claimed for a think-heavy plan whose seconds often see no request', async () => {
    target = await startTarget();
    const { summary } = await runYaml(
      `version: 1
name: thinking
scenarios:
  s:
    executor: constant-vus
    vus: 3
    duration: 8s
    steps:
      - request: { url: "\${env.BASE}/x" }
      - think: { min: 500ms, max: 3s }
`,
      { env: { BASE: target.url } },
    );
    expect(summary.timeline.some((p) => p.reqs <= 1)).toBe(true);
    expect(summary.stalls).toEqual([]);
  });
});
