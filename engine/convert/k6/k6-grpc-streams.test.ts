/**
 * The k6 export of gRPC streams (server, client, bidirectional) run by real k6 (k6/net/grpc's Stream) and the same
 * plan run by Loadsmith, against the demo's lookup on loopback: the server counts the same calls and stream messages
 * from both, and k6 counts every check as Loadsmith does, onFailure included. Needs the k6 binary as k6-run.test.ts
 * does; skipped (with a message) without it.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../../tests/fixtures/cli.ts';
import { startGrpcLookup, type GrpcLookup } from '../../demo/lookup/grpc-server.ts';
import type { Plan, Step } from '../../plan/schema/index.ts';
import { lookupProtoDir, runGrpcSteps } from '../../runtime/grpc/testing.ts';
import { exportK6 } from './export.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const K6 = process.env.K6_PATH ?? join(ROOT, '.tools/go/bin/k6');
const hasK6 = existsSync(K6);
const VUS = 2;
const ITERATIONS = 2;

const steps = (port: number): Step[] => {
  const call = (name: string, method: string, more: Record<string, unknown>): Step =>
    ({
      grpc: {
        name,
        target: `127.0.0.1:${port}`,
        plaintext: true,
        method: `lookup.Lookup/${method}`,
        protos: ['protos/lookup.proto'],
        importPaths: ['shared'],
        timeout: '10s',
        ...more,
      },
    }) as Step;
  return [
    call('watch', 'Watch', {
      message: { phone: '0754952794', count: 4 },
      checks: [{ code: 'OK' }, { jsonPath: '$[0].name', equals: 'Niran' }, { jsonPath: '$[3].phone', exists: true }],
      extract: { last: { jsonPath: '$[3].phone' } },
    }),
    call('collect', 'Collect', {
      messages: [{ phone: '${last}' }, { phone: '0754952796' }, { phone: 'not a phone' }],
      checks: [
        { code: 'OK' },
        { jsonPath: '$.records[1].name', equals: 'Anan' },
        { jsonPath: '$.records[2]', exists: true },
      ],
    }),
    call('chat', 'Chat', {
      messages: [{ phone: '0754952794' }, { phone: 'x' }, { phone: '0754952796' }],
      checks: [{ code: 'OK' }, { jsonPath: '$[1].name', equals: 'Anan' }],
    }),
    call('failing watch', 'Watch', {
      message: { phone: '0754952794' },
      metadata: { 'x-fail-code': '5' },
      checks: [{ code: 'OK' }],
      onFailure: 'endIteration',
    }),
    call('never', 'Get', { message: { phone: '0754952794' } }),
  ];
};

const plan = (port: number): Plan =>
  ({
    version: 1,
    name: 'grpc streams',
    scenarios: { s: { executor: 'per-vu-iterations', vus: VUS, iterations: ITERATIONS, steps: steps(port) } },
  }) as unknown as Plan;

const EXPECTED_CHECKS = {
  'code is OK': [3 * 4, 4],
  '$[0].name == "Niran"': [4, 0],
  '$[3].phone exists': [4, 0],
  '$.records[1].name == "Anan"': [4, 0],
  '$.records[2] exists': [0, 4],
  '$[1].name == "Anan"': [4, 0],
};

describe.skipIf(!hasK6)('k6 export of gRPC streams, run by k6 and by Loadsmith', () => {
  let server: GrpcLookup;
  let dir: string;
  beforeAll(async () => {
    server = await startGrpcLookup();
    dir = lookupProtoDir();
  });
  afterAll(async () => {
    await server.close();
  });

  const delta = async (run: () => Promise<void>): Promise<Record<string, number>> => {
    const before = { ...server.counts };
    await run();
    return Object.fromEntries(Object.entries(server.counts).map(([k, v]) => [k, v - (before[k] ?? 0)]));
  };

  it('server, client and bidirectional streams: the same calls, messages and checks; onFailure ends the iteration', async () => {
    const exported = exportK6(plan(server.port));
    expect(exported.notes).toEqual([]);
    expect(exported.text).toContain('new k6grpc.Stream(');
    const script = join(dir, 'streams.js');
    await writeFile(script, exported.text);
    const out = join(dir, 'k6-streams.ndjson');
    let stderr = '';
    const k6 = await delta(async () => {
      const r = await runCommand(K6, ['run', '--quiet', '--no-color', '--out', `json=${out}`, script], {
        cwd: dir,
        env: { K6_NO_USAGE_REPORT: 'true' },
        timeoutMs: 120_000,
      });
      stderr = r.stderr;
      expect(r.code, r.stderr.slice(-3000)).toBe(0);
    });
    let ran: Awaited<ReturnType<typeof runGrpcSteps>> | undefined;
    const loadsmith = await delta(async () => {
      ran = await runGrpcSteps(steps(server.port), dir, { vus: VUS, iterations: ITERATIONS });
    });
    const runs = VUS * ITERATIONS;
    // Per iteration: two Watch calls (the second fails and ends it, so Get never runs), one Collect, one Chat; the
    // server reads three messages from each client and bidirectional stream.
    expect(loadsmith).toEqual({ Get: 0, Watch: 2 * runs, Collect: runs, Chat: runs, streamed: 6 * runs });
    expect(k6).toEqual(loadsmith);

    const checks = new Map<string, [number, number]>();
    for (const line of (await readFile(out, 'utf8')).split('\n')) {
      if (!line.startsWith('{"metric":"checks"')) continue;
      const p = JSON.parse(line) as { type: string; data: { value: number; tags: Record<string, string> } };
      if (p.type !== 'Point') continue;
      const c = checks.get(p.data.tags.check ?? '?') ?? [0, 0];
      c[p.data.value === 1 ? 0 : 1]++;
      checks.set(p.data.tags.check ?? '?', c);
    }
    expect(Object.fromEntries(checks)).toEqual(EXPECTED_CHECKS);
    // Loadsmith keeps a check per request; k6 tags them by name alone.
    const mine = new Map<string, [number, number]>();
    for (const c of ran!.sample.checks) {
      const m = mine.get(c.key.check) ?? [0, 0];
      mine.set(c.key.check, [m[0] + c.pass, m[1] + c.fail]);
    }
    expect(Object.fromEntries(mine)).toEqual(EXPECTED_CHECKS);
    expect(ran!.outcome).toEqual(Array(runs).fill('completed'));
    // Each iteration ended where Loadsmith's does, and said why.
    expect(stderr.match(/'failing watch': onFailure: endIteration after status 5/g)).toHaveLength(runs);
  }, 150_000);
});
