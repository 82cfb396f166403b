/**
 * The report commands as users run them: `loadsmith run --junit --html --summary-json`, then `report` regenerating
 * the same files from the JSON; `compare`; `run --repeat` with mean ± sd and Ctrl-C; `--out` mistakes. Each run is
 * short (about 1 s) against a target server started here on 127.0.0.1.
 */
import { access, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateJunit, xpath } from '../report/junit/testing.ts';
import { loadsmith as run, type CliResult } from '../../tests/fixtures/cli.ts';
import { startTargetServer, type TargetServer } from '../../tests/fixtures/target-server.ts';

let server: TargetServer;
let dir: string;
beforeAll(async () => {
  server = await startTargetServer();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-reports-'));
});
afterAll(async () => {
  await server.close();
});

const loadsmith = (args: string[], onStderr?: (text: string, kill: () => void) => void): Promise<CliResult> =>
  run(args, { cwd: dir, onStderr: onStderr && ((text, child) => onStderr(text, () => child.kill('SIGINT'))) });

/** Generous: each test spawns the CLI a few times, and CI machines are shared. */
const SLOW = 90_000;

const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );

/** ~1 s of load: a group with a passing and a failing check, one threshold that holds and one that cannot. */
async function plan(name: string, seconds = 1, failing = true): Promise<string> {
  const file = join(dir, `${name}.yaml`);
  await writeFile(
    file,
    `version: 1
name: reports <&> "${name}"
defaults: { baseUrl: "\${env.BASE}" }
scenarios:
  browse:
    executor: constant-vus
    vus: 2
    duration: ${seconds}s
    gracefulStop: 1s
    steps:
      - group:
          name: catalog
          steps:
            - request: { name: Get JSON, url: /json, checks: [{ status: 200 }] }
            - request: { name: Broken, url: /status/503, checks: [{ status: 200 }] }
      - think: 50ms
thresholds:
  http_req_duration: ["p(95)<5000"${failing ? ', "max<0.001"' : ''}]
`,
  );
  return file;
}

describe('run --junit --html --summary-json, then report', () => {
  it(
    'writes the reports, and report regenerates the same files from the JSON',
    async () => {
      const file = await plan('first');
      const r = await loadsmith([
        'run',
        file,
        '-q',
        '--workers',
        '1',
        '-e',
        `BASE=${server.url}`,
        '--summary-json',
        's.json',
        '--junit',
        'j.xml',
        '--html',
        'r.html',
      ]);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.code).toBe(99);
      expect(r.stdout).toMatch(/HTML report: r\.html/);
      expect(r.stdout).toMatch(/JUnit XML: j\.xml/);
      const junit = await readFile(join(dir, 'j.xml'), 'utf8');
      const valid = validateJunit(junit);
      expect(valid.ok, valid.errors).toBe(true);
      expect(xpath(junit, '/testsuites/@tests')).toBe('4');
      expect(xpath(junit, '/testsuites/@failures')).toBe('2');
      expect(xpath(junit, '//testsuite[@name="thresholds"]/testcase[@name="max<0.001"]/failure/@message')).toMatch(
        /^max<0\.001 failed: max=[\d.]+(ms|µs|s)$/,
      );
      expect(xpath(junit, '//testsuite[@name="checks"]/testcase[failure]/@classname')).toBe(
        'browse › catalog › Broken',
      );
      const html = await readFile(join(dir, 'r.html'), 'utf8');
      expect(html.startsWith('<!doctype html>')).toBe(true);
      const summary = JSON.parse(await readFile(join(dir, 's.json'), 'utf8'));
      expect(summary.timeline.length).toBeGreaterThan(0);

      const again = await loadsmith(['report', 's.json', '--junit', 'j2.xml', '--html', 'r2.html']);
      expect(again.code).toBe(0);
      expect(again.stdout).not.toMatch(/TOTAL RESULTS/); // text only when asked for, or when nothing else is
      expect(await readFile(join(dir, 'j2.xml'), 'utf8')).toBe(junit);
      expect((await readFile(join(dir, 'r2.html'), 'utf8')) === html).toBe(true);

      const text = await loadsmith(['report', 's.json']);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/TOTAL RESULTS/);
      expect(text.stdout).toMatch(/✗ 'max<0\.001'/);
      expect(text.stdout).toMatch(/FAILED \(1 of 2 thresholds failed\)/);
      expect((await loadsmith(['report', 's.json', '--text', '--junit', 'j3.xml'])).stdout).toMatch(
        /TOTAL RESULTS[\s\S]*JUnit XML: j3\.xml/,
      );
    },
    SLOW,
  );

  it(
    'report and compare refuse what they cannot read, saying what they expected (details: summary-file.test.ts)',
    async () => {
      await writeFile(join(dir, 'other.json'), '{"name": "something else"}');
      for (const [args, message] of [
        [
          ['report', 'missing.json'],
          /^error: missing\.json: no such file; expected the JSON written by 'loadsmith run --summary-json FILE'$/m,
        ],
        [
          ['report', 's.json', '--html', join(dir, 'no-such-dir', 'r.html')],
          /--html .*no-such-dir\/r\.html: cannot write the report there: ENOENT: its directory does not exist/,
        ],
        [
          ['compare', 's.json', 'other.json'],
          /other\.json: not a Loadsmith run summary \(no "tool": \{"name": "loadsmith"\}\); expected/,
        ],
      ] as const) {
        const r = await loadsmith([...args]);
        expect(r.code, args.join(' ')).toBe(1);
        expect(r.stderr).toMatch(message);
        expect(r.stderr).not.toMatch(/\n\s+at /);
      }
    },
    SLOW,
  );
});

describe('compare', () => {
  it(
    'puts runs side by side with Δ and Δ% from the baseline',
    async () => {
      const file = await plan('second', 1, false);
      const r = await loadsmith([
        'run',
        file,
        '-q',
        '--workers',
        '1',
        '-e',
        `BASE=${server.url}`,
        '--summary-json',
        'b.json',
      ]);
      expect(r.code).toBe(0);
      await readFile(join(dir, 's.json')); // from the first test
      const c = await loadsmith(['compare', 's.json', 'b.json']);
      expect(c.code).toBe(0);
      expect(c.stdout).toMatch(/s \(baseline\)\s+reports <&> "first" · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
      expect(c.stdout).toMatch(/^\s+metric\s+s\s+b\s+Δ\s+Δ%$/m);
      expect(c.stdout).toMatch(/^\s+p\(95\)\s+\S+\s+\S+\s+[+\-±]\S+\s+[+\-±][\d.]+%/m);
      const json = JSON.parse((await loadsmith(['compare', 's.json', 'b.json', '--json'])).stdout);
      expect(json.baseline).toBe('s');
      const requests = json.rows.find((x: { key: string }) => x.key === 'requests');
      const [a, b] = [
        JSON.parse(await readFile(join(dir, 's.json'), 'utf8')),
        JSON.parse(await readFile(join(dir, 'b.json'), 'utf8')),
      ];
      expect(requests.cells[0].value).toBe(a._total);
      expect(requests.cells[1].value).toBe(b._total);
      expect(requests.cells[1].delta.abs).toBe(b._total - a._total);
    },
    SLOW,
  );
});

describe('run --repeat', () => {
  it(
    'runs N times and prints mean ± sd; one summary document, reports per repeat',
    async () => {
      const file = await plan('repeat', 1, false);
      const r = await loadsmith([
        'run',
        file,
        '-q',
        '--workers',
        '1',
        '-e',
        `BASE=${server.url}`,
        '--repeat',
        '2',
        '--pause',
        '0s',
        '--summary-json',
        'rep.json',
        '--junit',
        'rep.xml',
      ]);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/repeat 1\/2\s+✓ passed\s+[\d,]+ requests in/);
      expect(r.stdout).toMatch(/repeat 2\/2\s+✓ passed/);
      expect(r.stdout).toMatch(/ACROSS 2 REPEATS — mean ± sample standard deviation/);
      expect(r.stdout).toMatch(/^\s+req\/s\s+\S+ ± \S+\s+/m);
      expect(r.stdout).toMatch(/JUnit XML: rep-1\.xml[\s\S]*JUnit XML: rep-2\.xml/);
      const doc = JSON.parse(await readFile(join(dir, 'rep.json'), 'utf8'));
      expect(doc).toMatchObject({ kind: 'loadsmith-repeat', version: 1, measured: [1, 2] });
      expect(doc.repeats).toHaveLength(2);
      const reqs = doc.stats.find((s: { key: string }) => s.key === 'requests').spread;
      const totals = doc.repeats.map((s: { _total: number }) => s._total);
      expect(reqs.mean).toBeCloseTo((totals[0] + totals[1]) / 2, 9);
      expect(reqs.sd).toBeCloseTo(Math.abs(totals[0] - totals[1]) / Math.SQRT2, 9);
      expect(validateJunit(await readFile(join(dir, 'rep-2.xml'), 'utf8')).ok).toBe(true);
      // a repeat document can be reported and compared
      expect((await loadsmith(['report', 'rep.json'])).stdout).toMatch(/ACROSS 2 REPEATS/);
      const c = await loadsmith(['compare', 's.json', 'rep.json']);
      expect(c.stdout).toMatch(/rep\s+reports <&> "repeat" .* mean of 2 repeats/);
    },
    SLOW,
  );

  it(
    'Ctrl-C stops the current repeat, skips the rest, still prints and writes what was measured',
    async () => {
      const file = await plan('long', 60, false);
      let sent = false;
      const r = await loadsmith(
        [
          'run',
          file,
          '--workers',
          '1',
          '-e',
          `BASE=${server.url}`,
          '--repeat',
          '3',
          '--pause',
          '0s',
          '--junit',
          'stop.xml',
        ],
        (text, kill) => {
          if (!sent && /running \(/.test(text)) {
            sent = true;
            kill();
          }
        },
      );
      expect(sent).toBe(true);
      expect(r.code).toBe(105);
      expect(r.stderr).toMatch(/stopping gracefully.*the remaining repeats are skipped/);
      expect(r.stdout).toMatch(/repeat 1\/3\s+✓ passed\s+[1-9][\d,]* requests .* · stopped by the user/);
      expect(r.stdout).not.toMatch(/repeat 2\/3/);
      expect(r.stdout).toMatch(/no repeat ran to completion/);
      expect(r.stdout).toMatch(/2 of 3 repeats skipped/);
      expect(await exists(join(dir, 'stop-1.xml'))).toBe(true);
      expect(await exists(join(dir, 'stop-2.xml'))).toBe(false);
    },
    SLOW,
  );
});

describe('--out', () => {
  it(
    'refuses an unknown format or a missing file before sending anything',
    async () => {
      const file = await plan('out');
      server.resetStats();
      for (const [out, message] of [
        [
          'json=r.json',
          /^error: --out 'json=r\.json': unknown format 'json'; write --out ndjson=FILE or --out csv=FILE, or stream metrics with --out prometheus-rw\|influxdb\|influxdb2\|otlp=URL$/m,
        ],
        ['csv', /^error: --out 'csv': missing the file; write --out csv=FILE/m],
        [
          'prometheus-rw=localhost:9090',
          /^error: --out 'prometheus-rw=localhost:9090': prometheus-rw: 'localhost:9090' is not an http:\/\/ or https:\/\/ URL/m,
        ],
      ] as const) {
        const r = await loadsmith(['run', file, '-q', '-e', `BASE=${server.url}`, '--out', out]);
        expect(r.code).toBe(1);
        expect(r.stderr).toMatch(message);
      }
      // A stream's settings from the environment are checked before the run, too.
      const r = await loadsmith([
        'run',
        file,
        '-q',
        '-e',
        `BASE=${server.url}`,
        '--out',
        'prometheus-rw=http://127.0.0.1:9/api/v1/write',
        '-e',
        'LOADSMITH_PROMETHEUS_TREND_STATS=p95',
      ]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^error: LOADSMITH_PROMETHEUS_TREND_STATS: 'p95' is not a trend statistic: use p\(N\), med, avg, min, max, count or sum$/m,
      );
      expect(server.hits()).toBe(0);
    },
    SLOW,
  );

  it(
    'hands the outputs to the engine: the CSV and NDJSON files get a row per request',
    async () => {
      const file = await plan('csv', 1, false);
      const r = await loadsmith([
        'run',
        file,
        '-q',
        '-e',
        `BASE=${server.url}`,
        '--out',
        'csv=raw.csv',
        '--out',
        'ndjson=raw.ndjson',
        '--summary-json',
        'raw.json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const s = JSON.parse(await readFile(join(dir, 'raw.json'), 'utf8'));
      const csv = parseCsv(await readFile(join(dir, 'raw.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
      const ndjson = (await readFile(join(dir, 'raw.ndjson'), 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { status: number });
      expect(s._total).toBeGreaterThan(0);
      expect(csv).toHaveLength(s._total);
      expect(ndjson).toHaveLength(s._total);
      expect(csv.filter((row) => row.status === '200')).toHaveLength(s.statuses['200']);
    },
    SLOW,
  );

  it(
    'refuses an output file it cannot write before sending anything',
    async () => {
      const file = await plan('unwritable', 1, false);
      server.resetStats();
      const r = await loadsmith(['run', file, '-q', '-e', `BASE=${server.url}`, '--out', 'csv=no/such/dir/x.csv']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        /^error: cannot write the csv results to \S*no\/such\/dir\/x\.csv: .*directory does not exist/m,
      );
      expect(server.hits()).toBe(0);
    },
    SLOW,
  );

  it(
    'refuses --summary-json, --html or --junit it cannot write before sending anything, as --out',
    async () => {
      const file = await plan('unwritable-report', 1, false);
      await writeFile(join(dir, 'a-file'), 'not a directory');
      // A path through a file: the directory check that came before let it pass, and the test ran to the end.
      for (const option of ['--summary-json', '--html', '--junit']) {
        server.resetStats();
        const r = await loadsmith(['run', file, '-q', '-e', `BASE=${server.url}`, option, 'a-file/report']);
        expect(r.code, r.stderr).toBe(1);
        expect(r.stderr).toContain(
          `error: ${option} a-file/report: cannot write the report there: ENOTDIR: a part of the path is not a directory; choose another file`,
        );
        expect(r.stdout).not.toMatch(/TOTAL RESULTS/);
        expect(server.hits()).toBe(0);
      }
      // An existing report is neither emptied nor changed by the check, and a new one is not left behind.
      await writeFile(join(dir, 'old.html'), 'the previous report');
      const ok = await loadsmith([
        'run',
        file,
        '-q',
        '-e',
        `BASE=${server.url}`,
        '--html',
        'old.html',
        '--summary-json',
        'new.json',
        '--junit',
        join(dir, 'no-such-dir', 'j.xml'),
      ]);
      expect(ok.code).toBe(1);
      expect(await readFile(join(dir, 'old.html'), 'utf8')).toBe('the previous report');
      expect(await exists(join(dir, 'new.json'))).toBe(false);
    },
    SLOW,
  );
});
