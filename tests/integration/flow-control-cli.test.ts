/** Setup and teardown through the real CLI: a failed setup's exit code and message, teardown after Ctrl-C. */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadsmith } from '../fixtures/cli.ts';
import { startFlowTarget, type FlowTarget } from '../fixtures/flow-target.ts';

let server: FlowTarget;
let dir: string;
beforeAll(async () => {
  server = await startFlowTarget();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-flow-'));
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

async function planFile(name: string, body: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(
    file,
    `version: 1
name: ${name}
defaults: { baseUrl: "\${env.BASE}" }
${body}`,
  );
  return file;
}

describe('loadsmith run with setup and teardown', () => {
  it('a failed setup exits 107 with the reason, and sends nothing else', async () => {
    const file = await planFile(
      'setup-fails.yaml',
      `
setup:
  steps: [{ request: { name: get token, method: POST, url: /fail, extract: { token: { jsonPath: $.token } } } }]
scenarios:
  s:
    executor: per-vu-iterations
    vus: 2
    steps: [{ request: { url: "/use?t=\${token}" } }]
`,
    );
    const r = await loadsmith(['run', file, '-e', `BASE=${server.url}`], { timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(107);
    expect(r.stdout + r.stderr).toContain("setup failed, so no scenario was started: 'get token': status 500");
    expect(server.hits()).toBe(1);
  }, 70_000);

  it('teardown runs after Ctrl-C, and the summary is printed', async () => {
    const file = await planFile(
      'teardown.yaml',
      `
setup:
  steps: [{ request: { method: POST, url: /setup, extract: { token: { jsonPath: $.token } } } }]
teardown:
  steps: [{ request: { name: clean up, url: /use, headers: { Authorization: "Bearer \${token}" } } }]
scenarios:
  s:
    executor: constant-vus
    vus: 2
    duration: 30s
    gracefulStop: 1s
    steps: [{ request: { url: /work } }, { think: 50ms }]
`,
    );
    let sent = false;
    const r = await loadsmith(['run', file, '-e', `BASE=${server.url}`], {
      timeoutMs: 60_000,
      onStderr: (_text, child) => {
        if (!sent && server.hits('/work') > 0) {
          sent = true;
          child.kill('SIGINT');
        }
      },
      onStdout: (_text, child) => {
        if (!sent && server.hits('/work') > 0) {
          sent = true;
          child.kill('SIGINT');
        }
      },
    });
    expect(sent).toBe(true);
    expect(r.code, r.stderr).toBe(105);
    expect(server.authorizations()).toEqual(new Map([[`Bearer ${server.setupTokens[0]}`, 1]]));
    expect(r.stdout).toContain('TOTAL RESULTS');
  }, 70_000);
});
