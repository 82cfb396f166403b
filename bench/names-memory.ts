/**
 * Memory against the number of distinct request names (issue 17: large recorded and imported plans): a closed-model
 * plan whose every step has its own name, run by the CLI against a local target, for each number of names and
 * worker threads. Measures the whole process's peak RSS (getrusage: every thread), CPU per request and the size of
 * the --summary-json. The target is a separate Node process, so its memory is not counted.
 *   node bench/names-memory.ts [--names 1000,10000] [--workers 1,4] [--duration 15s] [--vus 20]
 *                              [--loadsmith path/to/bin/loadsmith.js] [--cookie] [--checks] [--write]
 * --cookie: the target sets a session cookie, as a recorded web application's does: every VU then sends it.
 * --checks: every step checks its status and a text of the body, as a recorded step does (engine/convert/recording).
 * --recorded: a recording's shape (~380 bytes of YAML a step): browser headers in defaults, a Referer and a CSRF header
 *   from a variable per step, a JSON body on every third (a POST), two checks; implies --cookie.
 * --write appends the table to bench/RESULTS.md with the command, the date and the machine.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: opt } = parseArgs({
  options: {
    names: { type: 'string', default: '1000,10000' },
    workers: { type: 'string', default: '1,4' },
    duration: { type: 'string', default: '15s' },
    vus: { type: 'string', default: '20' },
    loadsmith: { type: 'string' },
    cookie: { type: 'boolean', default: false },
    checks: { type: 'boolean', default: false },
    recorded: { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
  },
});
const BIN = opt.loadsmith ?? fileURLToPath(new URL('../bin/loadsmith.js', import.meta.url));
const RESULTS = fileURLToPath(new URL('./RESULTS.md', import.meta.url));
// Printed by the measured process itself as it exits: its peak RSS and CPU over all threads (workers print too).
const PROBE =
  'data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write(`\\nbench-usage ${u.maxRSS} ${u.userCPUTime+u.systemCPUTime}\\n`)})';
const COOKIE = opt.cookie || opt.recorded ? `,'set-cookie':'sessionid=4f2a9c1e7b; Path=/; HttpOnly'` : '';
const TARGET = `const s=require('node:http').createServer((q,r)=>{r.writeHead(200,{'content-type':'text/plain','content-length':2${COOKIE}});r.end('ok')});
s.listen(0,'127.0.0.1',()=>console.log(s.address().port));`;

interface Row {
  names: number;
  workers: number;
  peakMb: number;
  requests: number;
  cpuUsPerReq: number;
  summaryMb: number;
  wallS: number;
  code: number | null;
}

function plan(names: number): string {
  if (opt.recorded) return recordedPlan(names);
  const checks = opt.checks ? ', checks: [{ status: 200 }, { body: { contains: "ok" } }]' : '';
  const steps = Array.from(
    { length: names },
    (_, i) => `      - request: { name: "step ${i}", url: "/r/${i}"${checks} }`,
  ).join('\n');
  return (
    `version: 1\nname: ${names} request names\ndefaults: { baseUrl: "\${env.BASE_URL}" }\nscenarios:\n  names:\n` +
    `    executor: constant-vus\n    vus: ${opt.vus}\n    duration: ${opt.duration}\n    steps:\n${steps}\n`
  );
}

/** --recorded: what a recording of a web application looks like, one request name per step. */
function recordedPlan(names: number): string {
  const step = (i: number): string => {
    const post = i % 3 === 0;
    const body = { id: i, name: `item ${i}`, tags: ['a', 'b', 'c'], note: 'recorded by the proxy, replayed as it was' };
    return [
      `      - request:`,
      `          name: "${post ? 'POST' : 'GET'} /app/items/${i}"`,
      `          method: ${post ? 'POST' : 'GET'}`,
      `          url: "/app/items/${i}?page=${i % 50}&sort=asc"`,
      `          headers:`,
      `            referer: "http://localhost:8000/app/items/${i - 1}"`,
      `            x-csrftoken: "\${csrftoken}"`,
      ...(post ? [`          json: ${JSON.stringify(body)}`] : []),
      `          checks:`,
      `            - status: 200`,
      `            - body: { contains: "ok" }`,
    ].join('\n');
  };
  return [
    `version: 1`,
    `name: ${names} recorded requests`,
    `variables: { csrftoken: "4f2a9c1e7b" }`,
    `defaults:`,
    `  baseUrl: "\${env.BASE_URL}"`,
    `  headers:`,
    `    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"`,
    `    accept-language: "en-US,en;q=0.5"`,
    `    accept-encoding: "gzip, deflate, br"`,
    `    sec-fetch-mode: navigate`,
    `    sec-fetch-site: same-origin`,
    `scenarios:`,
    `  recorded:`,
    `    executor: constant-vus`,
    `    vus: ${opt.vus}`,
    `    duration: ${opt.duration}`,
    `    steps:`,
    ...Array.from({ length: names }, (_, i) => step(i)),
    '',
  ].join('\n');
}

function startTarget(): Promise<{ url: string; stop(): void }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', TARGET], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.once('data', (b: Buffer) =>
      resolve({ url: `http://127.0.0.1:${b.toString().trim()}`, stop: () => child.kill() }),
    );
    child.once('exit', (code) => reject(new Error(`the target exited (${code})`)));
  });
}

function measure(
  file: string,
  summary: string,
  workers: number,
  url: string,
): Promise<Omit<Row, 'names' | 'workers' | 'summaryMb'>> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const args = [
      `--import=${PROBE}`,
      BIN,
      'run',
      file,
      '-e',
      `BASE_URL=${url}`,
      '--workers',
      String(workers),
      '-q',
      '--summary-json',
      summary,
    ];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b: Buffer) => {
      err += b.toString();
    });
    child.once('close', (code) => {
      const usage = [...err.matchAll(/bench-usage (\d+) (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
      const peakKb = Math.max(0, ...usage.map((u) => u[0]));
      const cpuUs = usage.at(-1)?.[1] ?? 0; // the main thread exits last: the whole process's CPU
      let requests = 0;
      try {
        requests = (JSON.parse(readFileSync(summary, 'utf8')) as { _total: number })._total;
      } catch {
        /* no summary: requests 0 */
      }
      if (code !== 0) process.stderr.write(err.slice(-2000));
      resolve({
        peakMb: peakKb / 1024,
        requests,
        cpuUsPerReq: requests > 0 ? cpuUs / requests : 0,
        wallS: (performance.now() - t0) / 1000,
        code,
      });
    });
  });
}

const loadBefore = loadavg();
const dir = mkdtempSync(join(tmpdir(), 'loadsmith-names-'));
const target = await startTarget();
const rows: Row[] = [];
try {
  for (const names of opt.names.split(',').map(Number)) {
    const file = join(dir, `plan-${names}.yaml`);
    writeFileSync(file, plan(names));
    for (const workers of opt.workers.split(',').map(Number)) {
      const summary = join(dir, `summary-${names}-${workers}.json`);
      const r = await measure(file, summary, workers, target.url);
      let summaryMb = 0;
      try {
        summaryMb = statSync(summary).size / 1e6;
      } catch {
        /* none written */
      }
      rows.push({ names, workers, summaryMb, ...r });
      console.log(
        `${names} names, ${workers} worker(s): peak RSS ${r.peakMb.toFixed(0)} MB, ${r.requests} requests, ${r.cpuUsPerReq.toFixed(1)} µs CPU/request, summary ${summaryMb.toFixed(1)} MB, ${r.wallS.toFixed(1)} s${r.code === 0 ? '' : `, exit ${r.code}`}`,
      );
    }
  }
} finally {
  target.stop();
  rmSync(dir, { recursive: true, force: true });
}

const table = [
  '| request names | workers | peak RSS | requests | µs CPU/request | summary JSON | wall |',
  '|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.names.toLocaleString('en')} | ${r.workers} | ${r.peakMb.toFixed(0)} MB | ${r.requests.toLocaleString('en')} | ${r.cpuUsPerReq.toFixed(1)} | ${r.summaryMb.toFixed(1)} MB | ${r.wallS.toFixed(1)} s${r.code === 0 ? '' : ` (exit ${r.code})`} |`,
  ),
].join('\n');
if (opt.write) {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  appendFileSync(
    RESULTS,
    `\n## Memory per request name (bench/names-memory.ts)\n\n` +
      `- Command: \`node bench/names-memory.ts ${process.argv
        .slice(2)
        .filter((a) => a !== '--write')
        .join(' ')}\`\n` +
      `- Date: ${new Date().toISOString()}\n- Machine: ${cpu}, ${availableParallelism()} cores, ${Math.round(totalmem() / 2 ** 30)} GB; Node ${process.versions.node}; load average before ${loadBefore.map((l) => l.toFixed(2)).join(', ')}, after ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}\n` +
      `- Plan: constant-vus, ${opt.vus} VUs, ${opt.duration}, every step its own request name (GET /r/i), baseUrl from \${env.BASE_URL}; target: a Node http server in its own process${opt.cookie ? ', setting a session cookie on every response' : ''}${opt.checks ? '; two checks a step (status, body text)' : ''}${opt.recorded ? '; --recorded: browser headers, a Referer and a CSRF header a step, a JSON body every third, two checks, a session cookie' : ''}\n\n${table}\n`,
  );
}
console.log(`\n${table}`);
