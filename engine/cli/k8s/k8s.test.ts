/**
 * `loadsmith k8s`: the generated YAML parses, its ConfigMap and Job are valid against the Kubernetes schema of the
 * fields they use (trimmed OpenAPI in tests/fixtures/k8s), the Job is an Indexed Job with one pod per segment,
 * and the command a pod runs — after Kubernetes' $(VAR) expansion and the shell — is `loadsmith run` of the right
 * segment, with options `run` accepts.
 */
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadsmith } from '../../../tests/fixtures/cli.ts';
import { k8sExpand } from '../../../tests/fixtures/k8s/expand.ts';
import { loadSchema, validate } from '../../../tests/fixtures/k8s/json-schema.ts';
import { parseRunArgs } from '../args.ts';

let dir: string;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe]);
const PLAN = `version: 1
name: Users API baseline
defaults:
  baseUrl: \${env.BASE_URL}
data:
  users: { file: data/users.csv, mode: unique }
scenarios:
  browse:
    executor: constant-vus
    vus: 8
    duration: 30s
    steps:
      - request: { name: List users, url: "/users/\${data.users.id}" }
      - request: { name: Upload, method: POST, url: /upload, file: bodies/logo.png }
thresholds:
  http_req_duration: ["p(95)<500"]
`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-k8s-'));
  await mkdir(join(dir, 'data'));
  await mkdir(join(dir, 'bodies'));
  await writeFile(join(dir, 'plan.yaml'), PLAN);
  await writeFile(join(dir, 'data/users.csv'), 'id\n1\n2\n3\n');
  await writeFile(join(dir, 'bodies/logo.png'), PNG);
});

interface Job {
  metadata: { name: string };
  spec: {
    completionMode: string;
    completions: number;
    parallelism: number;
    backoffLimit: number;
    template: {
      spec: {
        restartPolicy: string;
        containers: {
          image: string;
          command: string[];
          args: string[];
          env: { name: string; value?: string }[];
          volumeMounts: { name: string; mountPath: string }[];
        }[];
        volumes: { name: string; configMap?: { name: string; items: { key: string; path: string }[] } }[];
      };
    };
  };
}
interface ConfigMap {
  metadata: { name: string };
  data: Record<string, string>;
  binaryData?: Record<string, string>;
}

describe('loadsmith k8s', () => {
  it('writes a ConfigMap and an Indexed Job that match the Kubernetes schema, one pod per segment', async () => {
    const out = join(dir, 'out');
    const r = await loadsmith([
      'k8s',
      join(dir, 'plan.yaml'),
      '--parallelism',
      '4',
      '--image',
      'registry.example/loadsmith:1',
      '--namespace',
      'load',
      '-e',
      'BASE_URL=http://api.load.svc:8080',
      '-e',
      'PRICE=$(cost)',
      '--start-at',
      '+2m',
      '--cpu',
      '2',
      '-o',
      out,
      '--',
      '--duration',
      '1m',
    ]);
    expect(r.stderr).not.toMatch(/warning: the plan reads/);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /kubectl -n load logs -l job-name=loadsmith-users-api-baseline --tail=-1 > loadsmith-users-api-baseline-shards\.log/,
    );
    expect(r.stdout).toMatch(/loadsmith merge loadsmith-users-api-baseline-shards\.log -o /);
    const text = await readFile(join(out, 'loadsmith-users-api-baseline.yaml'), 'utf8');
    expect(text).not.toMatch(/[&*]a\d/); // no YAML anchors: plain objects, as kubectl users expect to read them
    const docs = parseAllDocuments(text);
    expect(docs.every((d) => d.errors.length === 0)).toBe(true);
    const [cm, job] = docs.map((d) => d.toJS()) as [ConfigMap, Job];
    expect(validate(loadSchema('configmap-v1.trimmed.json'), cm)).toEqual([]);
    expect(validate(loadSchema('job-batch-v1.trimmed.json'), job)).toEqual([]);

    // The Job API's own rules for what we rely on.
    expect(job.spec).toMatchObject({ completionMode: 'Indexed', completions: 4, parallelism: 4, backoffLimit: 0 });
    const pod = job.spec.template.spec;
    expect(['Never', 'OnFailure']).toContain(pod.restartPolicy);
    const c = pod.containers[0] as Job['spec']['template']['spec']['containers'][number];
    expect(c.image).toBe('registry.example/loadsmith:1');
    for (const m of c.volumeMounts) expect(pod.volumes.map((v) => v.name)).toContain(m.name);
    const planVolume = pod.volumes.find((v) => v.configMap)?.configMap;
    expect(planVolume?.name).toBe(cm.metadata.name);
    const keys = { ...cm.data, ...cm.binaryData };
    for (const item of planVolume?.items ?? []) {
      expect(item.key).toMatch(/^[-._a-zA-Z0-9]{1,253}$/);
      expect(keys[item.key], item.key).toBeDefined();
    }
    const fileAt = (path: string): string => planVolume?.items.find((i) => i.path === path)?.key ?? '';
    expect(cm.data[fileAt('plan.yaml')]).toBe(PLAN);
    expect(cm.data[fileAt('data/users.csv')]).toBe('id\n1\n2\n3\n');
    expect(Buffer.from(cm.binaryData?.[fileAt('bodies/logo.png')] ?? '', 'base64')).toEqual(PNG);
    expect(c.env.find((e) => e.name === 'PRICE')?.value).toBe('$$(cost)'); // escaped: Kubernetes leaves $(cost) alone

    // What pod 2 runs: Kubernetes expands $(VAR), the shell does the arithmetic; a stand-in loadsmith prints its args.
    const bin = join(dir, 'bin');
    await mkdir(bin, { recursive: true });
    await writeFile(join(bin, 'loadsmith'), '#!/bin/sh\nprintf "%s\\n" "$@"\n');
    await chmod(join(bin, 'loadsmith'), 0o755);
    const env = { JOB_COMPLETION_INDEX: '2' };
    const script = k8sExpand(c.args[0] as string, env);
    const ran = spawnSync(c.command[0] as string, [...c.command.slice(1), script], {
      env: { PATH: `${bin}:/usr/bin:/bin`, ...env },
      encoding: 'utf8',
    });
    const argv = ran.stdout.trim().split('\n');
    expect(argv.slice(0, 2)).toEqual(['run', '/plan/plan.yaml']);
    const run = parseRunArgs(argv.slice(1), true);
    expect(run.segment).toEqual({ segment: '1/2:3/4', sequence: '0,1/4,1/2,3/4,1' });
    expect(run).toMatchObject({ summaryJson: '/results/shard.json', shardLog: true, quiet: true, duration: '1m' });
    expect(run.startAt).toBeGreaterThan(Date.now() + 60_000);
  });

  it('prints the YAML to stdout without -o, and refuses what it cannot ship', async () => {
    const r = await loadsmith(['k8s', join(dir, 'plan.yaml'), '-p', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(parseAllDocuments(r.stdout).map((d) => (d.toJS() as { kind: string }).kind)).toEqual(['ConfigMap', 'Job']);
    expect(r.stderr).toMatch(/warning: no --image/);
    expect(r.stderr).toMatch(/warning: the plan reads BASE_URL from the environment/);
    expect(r.stderr).toMatch(/kubectl wait --for=condition=complete job\/loadsmith-users-api-baseline/);

    await writeFile(join(dir, 'outside.yaml'), PLAN.replace('data/users.csv', '../users.csv'));
    const outside = await loadsmith(['k8s', join(dir, 'outside.yaml'), '-p', '2', '-e', 'BASE_URL=http://x']);
    expect(outside.code).toBe(1);
    expect(outside.stderr).toMatch(/refers to \.\.\/users\.csv, outside its own directory/);
    expect((await loadsmith(['k8s', join(dir, 'plan.yaml')])).stderr).toMatch(/--parallelism N is required/);
    expect((await loadsmith(['k8s', join(dir, 'plan.yaml'), '-p', '2', '--', '--segment', '1/2'])).stderr).toMatch(
      /only the load options/,
    );
    expect((await loadsmith(['k8s', join(dir, 'plan.yaml'), '-p', '2', '--name', 'Bad_Name'])).stderr).toMatch(
      /--name: 'Bad_Name' must be lower-case/,
    );
  });
});
