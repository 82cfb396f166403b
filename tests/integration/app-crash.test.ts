/**
 * `kill -9` of the app in the middle of a run: the real `loadsmith ui` process is killed with SIGKILL while a plan
 * loads a target this test started, then started again on the same data directory. The run comes back `partial`,
 * its summary rebuilt from the seconds stored before the kill: its request count is what the target counted, less
 * at most the one second of requests that were not stored yet.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';

const BIN = fileURLToPath(new URL('../../bin/loadsmith.js', import.meta.url));

interface Ui {
  port: number;
  token: string;
  child: ChildProcess;
}

function startUi(dataDir: string): Promise<Ui> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'ui', '--no-open', '--port', '0', '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`loadsmith ui did not start:\n${out}\n${err}`));
    }, 30_000);
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Open: http:\/\/127\.0\.0\.1:(\d+)\/\?token=(\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({ port: Number(m[1]), token: m[2] as string, child });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!out.includes('Open:')) reject(new Error(`loadsmith ui exited (${code}):\n${err}`));
    });
  });
}

/** A contract call over the app's HTTP API; throws with the error envelope's message. */
function call<T>(ui: Ui, method: string, params: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: ui.port,
      path: '/api/call',
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ui.token}` },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const env = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          ok: boolean;
          result?: T;
          error?: { message: string };
        };
        if (env.ok) resolve(env.result as T);
        else reject(new Error(`${method}: ${env.error?.message ?? 'failed'}`));
      });
    });
    req.end(JSON.stringify({ method, params }));
  });
}

const exited = (child: ChildProcess): Promise<void> =>
  new Promise((r) => {
    if (child.exitCode !== null || child.signalCode !== null) r();
    else child.once('exit', () => r());
  });

let server: TargetServer;
let dataDir: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  server = await startTargetServer();
  dataDir = await mkdtemp(join(tmpdir(), 'loadsmith-crash-'));
});
afterAll(async () => {
  for (const c of children)
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL');
      await exited(c);
    }
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Sample {
  reqs: number;
}
interface Run {
  id: string;
  status: string;
  summary: { _total: number; partial?: { seconds: number } } | null;
}

describe('an app killed with SIGKILL during a run', () => {
  it('comes back with the run partial, its requests counted up to the last stored second', async () => {
    const ui = await startUi(dataDir);
    children.push(ui.child);
    const plan = await call<{ id: string }>(ui, 'plans.create', { name: 'crash', template: 'blank' });
    await call(ui, 'plans.save', {
      id: plan.id,
      document: {
        version: 1,
        name: 'crash',
        scenarios: {
          s: {
            executor: 'constant-vus',
            vus: 2,
            duration: '60s',
            steps: [{ request: { name: 'json', url: `${server.url}/json` } }, { think: '20ms' }],
          },
        },
      },
    });
    const run = await call<{ id: string }>(ui, 'runs.start', { planId: plan.id });
    let samples: Sample[] = [];
    const deadline = Date.now() + 30_000;
    while (samples.length < 3 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      samples = await call<Sample[]>(ui, 'runs.samples', { id: run.id });
    }
    expect(samples.length).toBeGreaterThanOrEqual(3);
    ui.child.kill('SIGKILL');
    await exited(ui.child);
    const counted = server.hits('/json');
    // The target gets nothing more: the workers died with the process.
    await new Promise((r) => setTimeout(r, 300));
    expect(server.hits('/json')).toBe(counted);

    const again = await startUi(dataDir);
    children.push(again.child);
    const back = await call<Run>(again, 'runs.get', { id: run.id });
    expect(back.status).toBe('partial');
    const total = back.summary?._total ?? -1;
    const stored = await call<Sample[]>(again, 'runs.samples', { id: run.id });
    const oneSecond = Math.max(...stored.map((s) => s.reqs));
    expect(total).toBe(stored.reduce((n, s) => n + s.reqs, 0));
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(counted);
    expect(counted - total).toBeLessThanOrEqual(oneSecond);
    expect(back.summary?.partial?.seconds).toBeGreaterThanOrEqual(3);
    const exported = await call<{ text: string }>(again, 'runs.export', { id: run.id, format: 'html' });
    expect(exported.text).toContain('partial: Loadsmith stopped while this run was in progress');
    again.child.kill('SIGINT');
    await exited(again.child);
  });
});
