/**
 * Test support for the HTML report: FOR TESTS ONLY (Vitest and tests/e2e/html-report.e2e.ts); report code never
 * imports it. Produces a real Summary by running a small plan with the engine against the fixture target server:
 * a closed-model scenario with a group, passing and failing checks, a failed extraction, 503s and connection
 * resets, plus an open-model scenario that cannot keep its rate (so it drops iterations).
 */
import type { Summary } from '../../metrics/summary.ts';
import { parsePlan } from '../../plan/parse.ts';
import { runPlan } from '../../run/run-plan.ts';
import { startTargetServer } from '../../../tests/fixtures/target-server.ts';

/** The sample plan as YAML; `name` is written as a JSON string so any text (even markup) is a valid name. */
export function samplePlan(name: string, seconds: number): string {
  return `
version: 1
name: ${JSON.stringify(name)}
defaults: { baseUrl: "\${env.BASE}", timeout: 2s }
scenarios:
  browse:
    executor: ramping-vus
    startVUs: 1
    stages: [{ duration: ${seconds / 2}s, target: 4 }, { duration: ${seconds / 2}s, target: 4 }]
    steps:
      - group:
          name: catalog
          steps:
            - request:
                name: Get JSON
                url: /json
                checks:
                  - status: 200
                  - jsonPath: $.token
                    equals: nope
                extract:
                  missing: { jsonPath: $.does.not.exist }
      - request: { name: Server error, url: /status/503, checks: [{ status: 200 }] }
      - request: { name: Reset, url: /reset }
      - think: 50ms
  steady:
    executor: constant-arrival-rate
    rate: 40
    duration: ${seconds}s
    preAllocatedVUs: 2
    maxVUs: 4
    steps:
      - request: { name: Slow, url: "/delay?ms=120", checks: [{ status: 200 }] }
thresholds:
  http_req_duration: ["p(95)<1000", "p(99)<5"]
  http_req_failed: ["rate<0.5"]
  checks: ["rate>0.9"]
`;
}

/** Runs the sample plan for `seconds` (in-process, one worker) and returns its summary. */
export async function runSample(opts: { name?: string; seconds?: number } = {}): Promise<Summary> {
  const server = await startTargetServer();
  try {
    const parsed = parsePlan(samplePlan(opts.name ?? 'HTML report sample', opts.seconds ?? 2), 'plans/html-report-sample.yaml');
    const run = runPlan(parsed.plan, { source: parsed.source, file: 'plans/html-report-sample.yaml', env: { BASE: server.url }, workers: 1 });
    return await run.done;
  } finally {
    await server.close();
  }
}
