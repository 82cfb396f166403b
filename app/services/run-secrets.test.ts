/**
 * A run's stored summary is shown (runs.get) and exported (JSON, HTML): a secret environment value that a check
 * failure or an error message quotes (a server echoing the password back) is masked in all of them, as Try it
 * masks it.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../../tests/fixtures/target-server.ts';
import { openTestServices, type TestServices } from './testing.ts';

const SECRET = 'hunter2-s3cret';
let t: TestServices;
let target: TargetServer;
beforeEach(async () => {
  t = await openTestServices('run-secrets');
  target = await startTargetServer();
});
afterEach(async () => {
  await t.close();
  await target.close();
});

it('masks secret values that a check failure quotes, in the summary and its exports', async () => {
  const text = [
    'version: 1',
    'name: echoed',
    'defaults: { baseUrl: "${env.BASE_URL}" }',
    'scenarios:',
    '  s:',
    '    executor: per-vu-iterations',
    '    vus: 1',
    '    iterations: 2',
    '    steps:',
    '      - request: { name: login, url: "/echo?pw=${env.PW}", checks: [{ body: { equals: nope } }] }',
  ].join('\n');
  const plan = await t.call('plans.import', { text, fileName: 'echoed.yaml' });
  const env = await t.call('environments.save', {
    name: 'e',
    variables: [
      { name: 'BASE_URL', value: target.url },
      { name: 'PW', secret: true, value: SECRET },
    ],
  });
  const finished = new Promise<void>((resolve) => {
    const stop = t.services.events.subscribe((event) => {
      if (event === 'run.done') {
        stop();
        resolve();
      }
    });
  });
  const run = await t.call('runs.start', { planId: plan.id, environmentId: env.id });
  await finished;
  const detail = await t.call('runs.get', { id: run.id });
  expect(detail.summary?.checks[0]?.failure).toMatch(/^got .*"pw/); // the failure quotes the echoed query
  expect(target.hits('/echo')).toBe(2); // the secret itself was sent
  const shown = [
    JSON.stringify(detail),
    JSON.stringify(t.events),
    ...(await Promise.all(
      (['json', 'html'] as const).map(async (format) => (await t.call('runs.export', { id: run.id, format })).text),
    )),
  ];
  for (const s of shown) expect(s).not.toContain(SECRET);
  expect(detail.summary?.checks[0]?.failure).toContain('••••••');
});
