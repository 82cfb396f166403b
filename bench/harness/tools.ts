/**
 * The tools bench/run compares: how to find each one, its version, and the command for each workload. Every tool
 * does the same work: GET the target over HTTP/1.1 keep-alive and count the statuses; k6 and Loadsmith also run a
 * status check. In the grpc workload: call lookup.Lookup/Get (unary, plaintext), one connection per VU or worker.
 * Output goes to files in `dir`; `read` turns them into a ToolResult after the run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  parseAb,
  parseAutocannon,
  parseHey,
  parseK6,
  parseLoadsmith,
  parseSiege,
  parseVegeta,
  parseWrk,
  type ToolResult,
} from './parse.ts';
import { ghz } from './ghz.ts';
import { parseK6Grpc, parseLoadsmithGrpc } from './parse-grpc.ts';
import { ROOT, TOOLS } from './paths.ts';

export interface Job {
  argv: string[];
  env?: Record<string, string>;
  /** Reads the result once the process has exited (stdout given). */
  read(stdout: string): ToolResult;
}

export interface Tool {
  name: string;
  bin: string;
  version(): string;
  closed?(url: string, c: number, seconds: number, dir: string): Job;
  open?(url: string, rate: number, seconds: number, dir: string): Job;
  sleeping?(vus: number, seconds: number, dir: string): Job;
  /** Closed model with HTTP/1.1 pipelining: `inFlight` requests outstanding, `depth` per connection. */
  pipelined?(url: string, inFlight: number, depth: number, seconds: number, dir: string): Job;
  /** gRPC unary against bench/grpc-target at `addr` (host:port): `c` calls in flight, each on its own connection. */
  grpc?(addr: string, c: number, seconds: number, dir: string): Job;
}

function which(cmd: string): string {
  try {
    return execFileSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function firstLine(cmd: string, args: string[], re?: RegExp): string {
  try {
    const out = execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return (re ? re.exec(out)?.[0] : out.split('\n').find((l) => l.trim() !== '')) ?? '?';
  } catch (e) {
    const out = `${(e as { stdout?: string }).stdout ?? ''}${(e as { stderr?: string }).stderr ?? ''}`;
    return (re ? re.exec(out)?.[0] : out.split('\n')[0]) ?? '?';
  }
}

const file = (dir: string, name: string): string => join(dir, name);
const k6Script = join(ROOT, 'bench/plans/k6-get.js');
const k6GrpcScript = join(ROOT, 'bench/plans/k6-grpc.js');
const node = process.execPath;

const loadsmith: Tool = {
  name: 'loadsmith',
  bin: join(ROOT, 'bin/loadsmith.js'),
  version: () => `${firstLine(node, [join(ROOT, 'bin/loadsmith.js'), '--version'])} (Node ${process.versions.node})`,
  closed: (url, c, s, dir) =>
    lsJob(['run', join(ROOT, 'bench/plans/closed.yaml'), '--vus', String(c), '--duration', `${s}s`], url, dir),
  open: (url, rate, s, dir) =>
    lsJob(['run', join(ROOT, 'bench/plans/open.yaml'), '--rate', String(rate), '--duration', `${s}s`], url, dir),
  sleeping: (vus, s, dir) =>
    lsJob(['run', join(ROOT, 'bench/plans/sleep.yaml'), '--vus', String(vus), '--duration', `${s}s`], '', dir, false),
  pipelined: (url, inFlight, depth, s, dir) => {
    // The closed-model plan with defaults.http.pipelining set: inFlight VUs share about inFlight / depth connections.
    const plan = file(dir, 'pipelined.yaml');
    writeFileSync(
      plan,
      readFileSync(join(ROOT, 'bench/plans/closed.yaml'), 'utf8').replace(
        /^defaults:\n/m,
        `defaults:\n  http: { pipelining: ${depth} }\n`,
      ),
    );
    return lsJob(['run', plan, '--vus', String(inFlight), '--duration', `${s}s`], url, dir);
  },
  grpc: (addr, c, s, dir) => ({
    ...lsJob(
      [
        'run',
        join(ROOT, 'bench/plans/grpc.yaml'),
        '--vus',
        String(c),
        '--duration',
        `${s}s`,
        '-e',
        `GRPC_TARGET=${addr}`,
      ],
      '',
      dir,
    ),
    read: () => parseLoadsmithGrpc(readFileSync(file(dir, 'loadsmith.json'), 'utf8')),
  }),
};

function lsJob(args: string[], url: string, dir: string, parse = true): Job {
  const out = file(dir, 'loadsmith.json');
  const extra = (process.env.BENCH_LOADSMITH_ARGS ?? '').split(' ').filter(Boolean);
  return {
    argv: [
      node,
      ...extra,
      join(ROOT, 'bin/loadsmith.js'),
      ...args,
      '-q',
      '--summary-json',
      out,
      ...(url ? ['-e', `BASE_URL=${url.replace(/\/$/, '')}`] : []),
    ],
    read: () =>
      parse ? parseLoadsmith(readFileSync(out, 'utf8')) : { requests: 0, rps: 0, p50Ms: NaN, p99Ms: NaN, errors: 0 },
  };
}

const k6: Tool = {
  name: 'k6',
  bin: join(TOOLS, 'go/bin/k6'),
  version: () => firstLine(join(TOOLS, 'go/bin/k6'), ['version'], /k6 v[\d.]+/),
  closed: (url, c, s, dir) => k6Job(['--vus', String(c), '--duration', `${s}s`], { URL: url }, dir),
  open: (url, rate, s, dir) => k6Job([], { URL: url, K6_SCENARIO: 'open', RATE: String(rate), DURATION: `${s}s` }, dir),
  sleeping: (vus, s, dir) => ({
    ...k6Job(['--vus', String(vus), '--duration', `${s}s`], { K6_SCENARIO: 'sleep' }, dir),
    read: () => ({ requests: 0, rps: 0, p50Ms: NaN, p99Ms: NaN, errors: 0 }),
  }),
  grpc: (addr, c, s, dir) => ({
    ...k6Job(['--vus', String(c), '--duration', `${s}s`], { GRPC_TARGET: addr }, dir, k6GrpcScript),
    read: () => parseK6Grpc(readFileSync(file(dir, 'k6.json'), 'utf8')),
  }),
};

function k6Job(args: string[], env: Record<string, string>, dir: string, script = k6Script): Job {
  const out = file(dir, 'k6.json');
  const e = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  return {
    argv: [
      k6.bin,
      'run',
      '-q',
      '--no-usage-report',
      '--summary-trend-stats',
      'avg,med,p(99)',
      '--summary-export',
      out,
      ...args,
      ...e,
      script,
    ],
    read: () => parseK6(readFileSync(out, 'utf8')),
  };
}

const wrk: Tool = {
  name: 'wrk',
  bin: which('wrk'),
  version: () => firstLine('wrk', ['-v'], /wrk \S+/),
  closed: (url, c, s) => ({ argv: ['wrk', '-t1', `-c${c}`, `-d${s}s`, '--latency', url], read: parseWrk }),
  // wrk pipelines with a script: each connection writes `depth` requests at once, the next batch when all are answered.
  pipelined: (url, inFlight, depth, s) => ({
    argv: [
      'wrk',
      '-t1',
      `-c${Math.ceil(inFlight / depth)}`,
      `-d${s}s`,
      '--latency',
      '-s',
      join(ROOT, 'bench/plans/wrk-pipeline.lua'),
      url,
      '--',
      String(depth),
    ],
    read: parseWrk,
  }),
};

const autocannonBin = join(TOOLS, 'bench/node_modules/.bin/autocannon');
const autocannon: Tool = {
  name: 'autocannon',
  bin: autocannonBin,
  version: () =>
    `autocannon ${(JSON.parse(readFileSync(join(TOOLS, 'bench/node_modules/autocannon/package.json'), 'utf8')) as { version: string }).version}`,
  closed: (url, c, s) => ({
    argv: [node, autocannonBin, '-c', String(c), '-d', String(s), '-j', url],
    read: parseAutocannon,
  }),
  pipelined: (url, inFlight, depth, s) => ({
    argv: [
      node,
      autocannonBin,
      '-c',
      String(Math.ceil(inFlight / depth)),
      '-p',
      String(depth),
      '-d',
      String(s),
      '-j',
      url,
    ],
    read: parseAutocannon,
  }),
};

const vegetaBin = join(TOOLS, 'go/bin/vegeta');
const vegeta: Tool = {
  name: 'vegeta',
  bin: vegetaBin,
  version: () => 'vegeta v12.13.0',
  closed: (url, c, s, dir) => vegetaJob(['-rate=0', `-max-workers=${c}`, `-workers=${c}`], url, s, dir),
  open: (url, rate, s, dir) => vegetaJob([`-rate=${rate}`], url, s, dir),
};

function vegetaJob(args: string[], url: string, s: number, dir: string): Job {
  const bin = file(dir, 'vegeta.bin');
  const targets = file(dir, 'vegeta.targets');
  // Results are written by the attack and summarised after it (the report's CPU is not the attack's).
  return {
    argv: [
      'sh',
      '-c',
      `printf 'GET ${url}\\n' > ${targets} && exec ${vegetaBin} attack -targets=${targets} ${args.join(' ')} -duration=${s}s -output=${bin}`,
    ],
    read: () => parseVegeta(execFileSync(vegetaBin, ['report', '-type=json', bin], { encoding: 'utf8' })),
  };
}

const hey: Tool = {
  name: 'hey',
  bin: which('hey'),
  version: () => 'hey (Debian 0.1.4)',
  closed: (url, c, s) => ({ argv: ['hey', '-z', `${s}s`, '-c', String(c), url], read: parseHey }),
};

const ab: Tool = {
  name: 'ab',
  bin: which('ab'),
  version: () => firstLine('ab', ['-V'], /Version [\d.]+/).replace('Version', 'ab'),
  closed: (url, c, s) => ({
    argv: ['ab', '-k', '-q', '-c', String(c), '-t', String(s), '-n', '100000000', url],
    read: parseAb,
  }),
};

const siege: Tool = {
  name: 'siege',
  bin: which('siege'),
  version: () => firstLine('sh', ['-c', 'siege --version 2>&1'], /SIEGE [\d.]+/), // it prints its version on stderr
  closed: (url, c, s, dir) => {
    // Its own rc file: keep-alive (siege's default is a connection per request), no log, more than 255 users.
    const rc = file(dir, 'siegerc');
    writeFileSync(
      rc,
      'connection = keep-alive\nprotocol = HTTP/1.1\nlogging = false\nshow-logfile = false\nverbose = false\nparser = false\nlimit = 4096\n',
    );
    return { argv: ['siege', '-R', rc, '-b', '-j', '-c', String(c), '-t', `${s}S`, url], read: parseSiege };
  },
};

export const ALL_TOOLS: readonly Tool[] = [loadsmith, wrk, autocannon, vegeta, hey, k6, ab, siege, ghz];

export function availableTools(names: readonly string[] | undefined): { tools: Tool[]; missing: string[] } {
  const wanted = names ?? ALL_TOOLS.map((t) => t.name);
  const tools: Tool[] = [];
  const missing: string[] = [];
  for (const n of wanted) {
    const t = ALL_TOOLS.find((x) => x.name === n);
    if (!t) throw new Error(`unknown tool ${n} (known: ${ALL_TOOLS.map((x) => x.name).join(', ')})`);
    if (t.bin && existsSync(t.bin)) tools.push(t);
    else missing.push(n);
  }
  return { tools, missing };
}
