import { describe, expect, it } from 'vitest';
import type { Plan, Scenario } from '../plan/schema/index.ts';
import { DEFAULT_PAUSE_MS, parseOutputs, parseRunArgs } from './args.ts';
import { applyOverrides, describeOverrides } from './overrides.ts';
import { UsageError } from './usage.ts';

/** The UsageError a call throws (fails the test when it throws nothing or something else). */
function usageError(fn: () => unknown): UsageError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error('expected a UsageError, nothing was thrown');
}

describe('parseRunArgs', () => {
  it('reads the plan and defaults everything else', () => {
    expect(parseRunArgs(['plan.yaml'], true)).toEqual({
      plan: 'plan.yaml',
      vus: undefined,
      duration: undefined,
      iterations: undefined,
      env: {},
      summaryJson: undefined,
      workers: undefined,
      quiet: false,
      color: undefined,
      outputs: [],
      streams: [],
      html: undefined,
      junit: undefined,
      repeat: undefined,
      pauseMs: DEFAULT_PAUSE_MS,
      segment: undefined,
      shardLog: false,
      startAt: undefined,
      ignoreHangup: false,
      control: { host: '127.0.0.1', port: 0 },
      controlGiven: false,
    });
  });

  it('reads every option', () => {
    const a = parseRunArgs(
      [
        '--vus',
        '10',
        '--duration',
        '1m30s',
        'p.yaml',
        '--iterations',
        '50',
        '--summary-json',
        'out.json',
        '--workers',
        '3',
        '-q',
        '--no-color',
        '--out',
        'csv=r.csv',
        '--html',
        'r.html',
        '--junit',
        'j.xml',
        '--out',
        'ndjson=r.ndjson',
        '--repeat',
        '3',
        '--pause',
        '1m',
        '--out',
        'prometheus-rw=http://127.0.0.1:9090/api/v1/write',
      ],
      true,
    );
    expect(a).toEqual({
      plan: 'p.yaml',
      vus: 10,
      duration: '1m30s',
      iterations: 50,
      env: {},
      summaryJson: 'out.json',
      workers: 3,
      quiet: true,
      color: false,
      outputs: [
        { format: 'csv', path: 'r.csv' },
        { format: 'ndjson', path: 'r.ndjson' },
      ],
      html: 'r.html',
      streams: [{ kind: 'prometheus-rw', url: 'http://127.0.0.1:9090/api/v1/write' }],
      junit: 'j.xml',
      repeat: 3,
      pauseMs: 60_000,
      segment: undefined,
      shardLog: false,
      startAt: undefined,
      ignoreHangup: false,
      control: { host: '127.0.0.1', port: 0 },
      controlGiven: false,
    });
    expect(parseRunArgs(['p.yaml', '--color'], true).color).toBe(true);
    expect(parseRunArgs(['p.yaml', '--ignore-hangup'], true).ignoreHangup).toBe(true);
  });

  it('mid-run control: on by default on a free loopback port, --control HOST:PORT on loopback only, --no-control off', () => {
    expect(parseRunArgs(['p.yaml', '--control', '6565'], true)).toMatchObject({
      control: { host: '127.0.0.1', port: 6565 },
      controlGiven: true,
    });
    expect(parseRunArgs(['p.yaml', '--control', '[::1]:7000'], true).control).toEqual({ host: '::1', port: 7000 });
    expect(parseRunArgs(['p.yaml', '--control', 'localhost:0'], true).control).toEqual({ host: 'localhost', port: 0 });
    expect(parseRunArgs(['p.yaml', '--no-control'], true)).toMatchObject({ control: undefined, controlGiven: false });
    expect(usageError(() => parseRunArgs(['p.yaml', '--control', '192.168.1.5:6565'], true)).message).toMatch(
      /^--control: '192\.168\.1\.5' is not a loopback address/,
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--control', 'localhost:99999'], true)).message).toMatch(
      /is not HOST:PORT/,
    );
  });

  it('reads --summary-trend-stats as k6 does, and names a statistic it does not know', () => {
    expect(
      parseRunArgs(['p.yaml', '--summary-trend-stats', 'avg,min,med,max,p(90),p(95),p(99.9),count'], true)
        .summaryTrendStats,
    ).toEqual(['avg', 'min', 'med', 'max', 'p(90)', 'p(95)', 'p(99.9)', 'count']);
    expect(parseRunArgs(['p.yaml', '--summary-trend-stats=p(99.99), count'], true).summaryTrendStats).toEqual([
      'p(99.99)',
      'count',
    ]);
    expect(usageError(() => parseRunArgs(['p.yaml', '--summary-trend-stats', 'avg,p99'], true)).message).toBe(
      "--summary-trend-stats: 'p99' is not a statistic; a trend statistic is avg, min, med, max, count or p(N) with N from 0 to 100, e.g. p(99.9) (quote the list in a shell: 'avg,p(99.9)')",
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--summary-trend-stats', 'p(101)'], true)).message).toMatch(
      /'p\(101\)' is not a statistic/,
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--summary-trend-stats', ''], true)).message).toMatch(
      /give the statistics to show/,
    );
  });

  it('collects repeated env options, splitting at the first =', () => {
    const a = parseRunArgs(
      ['p.yaml', '-e', 'BASE=http://x.test', '--env', 'TOKEN=a=b=c', '-e', 'EMPTY=', '-e', 'BASE=http://y.test'],
      true,
    );
    expect(a.env).toEqual({ BASE: 'http://y.test', TOKEN: 'a=b=c', EMPTY: '' });
  });

  it('refuses env values that are not KEY=VALUE', () => {
    expect(usageError(() => parseRunArgs(['p.yaml', '-e', 'NOVALUE'], true)).message).toBe(
      "--env: 'NOVALUE' should be KEY=VALUE",
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--env', '=x'], true)).message).toBe(
      "--env: '=x' should be KEY=VALUE",
    );
  });

  it('refuses --vus, --iterations and --workers below 1 or not whole', () => {
    expect(usageError(() => parseRunArgs(['p.yaml', '--vus', '0'], true)).message).toBe(
      "--vus: '0' is not a whole number of at least 1",
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--vus', '2.5'], true)).message).toMatch(/^--vus: '2\.5'/);
    expect(usageError(() => parseRunArgs(['p.yaml', '--vus', 'ten'], true)).message).toMatch(/^--vus: 'ten'/);
    expect(usageError(() => parseRunArgs(['p.yaml', '--iterations=-1'], true)).message).toMatch(/^--iterations: '-1'/);
    expect(usageError(() => parseRunArgs(['p.yaml', '--iterations', '0'], true)).message).toMatch(/^--iterations: '0'/);
    expect(usageError(() => parseRunArgs(['p.yaml', '--workers', '0'], true)).message).toMatch(/^--workers: '0'/);
  });

  it('refuses a bad or zero --duration', () => {
    expect(usageError(() => parseRunArgs(['p.yaml', '--duration', '10'], true)).message).toBe(
      "--duration: '10' is not a duration such as 30s or 1m30s",
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--duration', 'soon'], true)).message).toMatch(
      /^--duration: 'soon'/,
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--duration', '0s'], true)).message).toMatch(/^--duration: '0s'/);
    expect(parseRunArgs(['p.yaml', '--duration', '500ms'], true).duration).toBe('500ms');
  });

  it('refuses a --duration or --pause over 720h, the longest a plan may give', () => {
    expect(parseRunArgs(['p.yaml', '--duration', '720h'], true).duration).toBe('720h');
    expect(usageError(() => parseRunArgs(['p.yaml', '--duration', '721h'], true)).message).toBe(
      "--duration: '721h': expected a duration of at most 720h (30 days): split a longer test into several runs",
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--repeat', '2', '--pause', '1000h'], true)).message).toMatch(
      /^--pause: '1000h': expected a duration of at most 720h/,
    );
  });

  it('refuses a --start-at more than 30 days ahead, hinting at milliseconds given for seconds', () => {
    const inDays = (d: number): string => String(Math.floor(Date.now() / 1000) + d * 86_400);
    expect(parseRunArgs(['p.yaml', '--start-at', inDays(29)], true).startAt).toBeGreaterThan(Date.now());
    expect(usageError(() => parseRunArgs(['p.yaml', '--start-at', inDays(31)], true)).message).toMatch(
      /^--start-at: '\d+' is more than 720h \(30 days\) from now; give a time within 30 days$/,
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--start-at', String(Date.now())], true)).message).toMatch(
      /\(Unix seconds are expected, not milliseconds\)/,
    );
  });

  it('requires exactly one plan when a plan is required', () => {
    expect(usageError(() => parseRunArgs([], true)).message).toBe('missing the plan file: loadsmith run <plan.yaml>');
    expect(usageError(() => parseRunArgs(['a.yaml', 'b.yaml'], true)).message).toBe(
      'expected one plan file, got 2: a.yaml b.yaml',
    );
  });

  it('refuses a plan where none is expected', () => {
    expect(parseRunArgs(['--vus', '2'], false).plan).toBeUndefined();
    expect(usageError(() => parseRunArgs(['extra'], false)).message).toBe("unexpected argument 'extra'");
  });

  it("refuses unknown options and missing values, suggesting the closest option and pointing to the command's help", () => {
    expect(usageError(() => parseRunArgs(['p.yaml', '--vu', '3'], true)).message).toBe(
      "unknown option '--vu'; did you mean --vus? (see loadsmith run --help)",
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--vus'], true)).message).toMatch(
      /--vus.*\(see loadsmith run --help\)$/,
    );
  });
});

const steps: Scenario['steps'] = [{ request: { url: '/x' } }];

function plan(scenarios: Record<string, Scenario>): Plan {
  return {
    version: 1,
    name: 'p',
    defaults: { baseUrl: 'http://api.test' },
    scenarios,
    thresholds: { http_req_failed: ['rate<0.01'] },
  };
}

describe('--out, --html, --junit, --repeat and --pause', () => {
  it('reads --out FORMAT=FILE, splitting at the first =', () => {
    expect(parseOutputs(['ndjson=a=b.ndjson', 'csv=./out/r.csv'])).toEqual([
      { format: 'ndjson', path: 'a=b.ndjson' },
      { format: 'csv', path: './out/r.csv' },
    ]);
    expect(parseOutputs([])).toEqual([]);
  });

  it('refuses an unknown format, naming the ones there are', () => {
    expect(usageError(() => parseRunArgs(['p.yaml', '--out', 'json=r.json'], true)).message).toBe(
      "--out 'json=r.json': unknown format 'json'; write --out ndjson=FILE or --out csv=FILE, or stream metrics with --out prometheus-rw|influxdb|influxdb2|otlp=URL",
    );
    expect(usageError(() => parseOutputs(['CSV=r.csv'])).message).toMatch(/unknown format 'CSV'/);
    expect(usageError(() => parseOutputs(['r.csv'])).message).toMatch(/^--out 'r\.csv': unknown format 'r\.csv'/);
    expect(usageError(() => parseOutputs(['=r.csv'])).message).toMatch(/unknown format ''/);
  });

  it('reads metric streams: --out prometheus-rw|influxdb|influxdb2|otlp=URL', () => {
    expect(
      parseRunArgs(
        [
          'p.yaml',
          '--out',
          'influxdb=http://db.test:8086/loadsmith',
          '--out',
          'otlp=http://collector.test:4318',
          '--out',
          'csv=r.csv',
          '--out',
          'influxdb2=https://influx.test?org=acme&bucket=load',
        ],
        true,
      ),
    ).toMatchObject({
      outputs: [{ format: 'csv', path: 'r.csv' }],
      streams: [
        { kind: 'influxdb', url: 'http://db.test:8086/loadsmith' },
        { kind: 'otlp', url: 'http://collector.test:4318/v1/metrics' },
        { kind: 'influxdb2', url: 'https://influx.test/?org=acme&bucket=load' },
      ],
    });
  });

  it('refuses a stream without a usable URL, with credentials in it, or given twice', () => {
    expect(usageError(() => parseRunArgs(['p.yaml', '--out', 'prometheus-rw'], true)).message).toBe(
      "--out 'prometheus-rw': missing the URL of prometheus-rw; write --out prometheus-rw=URL",
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--out', 'prometheus-rw=localhost:9090'], true)).message).toMatch(
      /^--out 'prometheus-rw=localhost:9090': prometheus-rw: 'localhost:9090' is not an http:\/\/ or https:\/\/ URL; e\.g\. prometheus-rw=http:\/\/127\.0\.0\.1:9090\/api\/v1\/write$/,
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--out', 'otlp=not a url'], true)).message).toMatch(
      /'not a url' is not a URL/,
    );
    const secret = usageError(() =>
      parseRunArgs(['p.yaml', '--out', 'prometheus-rw=https://me:s3cret@prom.test/api/v1/write'], true),
    ).message;
    expect(secret).toMatch(/carries a user name or password; remove it and set LOADSMITH_PROMETHEUS_TOKEN/);
    expect(secret).not.toContain('s3cret');
    expect(usageError(() => parseRunArgs(['p.yaml', '--out', 'influxdb=http://db.test:8086/'], true)).message).toMatch(
      /names no database; e\.g\. influxdb=http:\/\/127\.0\.0\.1:8086\/loadsmith/,
    );
    expect(
      usageError(() =>
        parseRunArgs(
          ['p.yaml', '--out', 'otlp=http://c.test:4318', '--out', 'otlp=http://c.test:4318/v1/metrics'],
          true,
        ),
      ).message,
    ).toMatch(/given twice/);
  });

  it('refuses a missing file, stdout, and two outputs to one file', () => {
    expect(usageError(() => parseOutputs(['csv'])).message).toBe(
      "--out 'csv': missing the file; write --out csv=FILE (e.g. --out csv=results.csv)",
    );
    expect(usageError(() => parseOutputs(['ndjson='])).message).toMatch(
      /^--out 'ndjson=': missing the file; write --out ndjson=FILE/,
    );
    expect(usageError(() => parseOutputs(['csv=-'])).message).toMatch(/not to stdout/);
    expect(usageError(() => parseOutputs(['csv=r.txt', 'ndjson=r.txt'])).message).toMatch(
      /r\.txt is already the file of another --out/,
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--out'], true)).message).toMatch(
      /--out.*\(see loadsmith run --help\)$/,
    );
  });

  it('refuses --html and --junit without a file', () => {
    expect(usageError(() => parseRunArgs(['p.yaml', '--html', '-'], true)).message).toMatch(
      /^--html: give a file name/,
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--junit='], true)).message).toMatch(/^--junit: give a file name/);
  });

  it('reads --repeat and --pause, refusing bad values and --pause alone', () => {
    expect(parseRunArgs(['p.yaml', '--repeat', '2', '--pause', '0s'], true)).toMatchObject({ repeat: 2, pauseMs: 0 });
    expect(parseRunArgs(['p.yaml', '--repeat', '2', '--pause', '0'], true).pauseMs).toBe(0);
    expect(usageError(() => parseRunArgs(['p.yaml', '--repeat', '0'], true)).message).toBe(
      "--repeat: '0' is not a whole number of at least 1",
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--repeat', '2', '--pause', '5'], true)).message).toBe(
      "--pause: '5' is not a duration such as 10s or 0s",
    );
    expect(usageError(() => parseRunArgs(['p.yaml', '--pause', '5s'], true)).message).toMatch(/use it with --repeat N/);
  });
});

describe('applyOverrides', () => {
  const ramping: Scenario = {
    executor: 'ramping-vus',
    startVUs: 2,
    stages: [
      { duration: '10s', target: 5 },
      { duration: '20s', target: 12 },
      { duration: '5s', target: 0 },
    ],
    gracefulRampDown: '3s',
    startTime: '10s',
    gracefulStop: '5s',
    tags: { team: 'core' },
    steps,
  };
  const constant: Scenario = { executor: 'constant-vus', vus: 4, duration: '1m', steps };
  const perVu: Scenario = { executor: 'per-vu-iterations', vus: 3, iterations: 10, maxDuration: '2m', steps };
  const shared: Scenario = { executor: 'shared-iterations', vus: 8, iterations: 100, steps };

  it('returns the plan unchanged without overrides', () => {
    const p = plan({ a: constant });
    expect(applyOverrides(p, {})).toBe(p);
    expect(applyOverrides(p, { vus: undefined, duration: undefined, iterations: undefined })).toBe(p);
  });

  it("--duration makes constant-vus with the scenario's peak VUs, keeping steps, startTime, gracefulStop and tags", () => {
    const p = plan({ ramp: ramping, per: perVu });
    const out = applyOverrides(p, { duration: '45s' });
    expect(out.scenarios.ramp).toEqual({
      executor: 'constant-vus',
      vus: 12,
      duration: '45s',
      steps,
      startTime: '10s',
      gracefulStop: '5s',
      tags: { team: 'core' },
    });
    expect(out.scenarios.per).toEqual({ executor: 'constant-vus', vus: 3, duration: '45s', steps });
    expect(out.scenarios.ramp?.steps).toBe(steps);
    // the rest of the plan is kept, the input is not modified
    expect(out.name).toBe('p');
    expect(out.defaults).toEqual({ baseUrl: 'http://api.test' });
    expect(out.thresholds).toEqual({ http_req_failed: ['rate<0.01'] });
    expect(p.scenarios.ramp).toBe(ramping);
    expect(ramping.executor).toBe('ramping-vus');
  });

  it('--duration counts startVUs in the peak and uses at least 1 VU', () => {
    const startHeavy: Scenario = {
      executor: 'ramping-vus',
      startVUs: 20,
      stages: [{ duration: '10s', target: 5 }],
      steps,
    };
    const idle: Scenario = { executor: 'ramping-vus', startVUs: 0, stages: [{ duration: '10s', target: 0 }], steps };
    const out = applyOverrides(plan({ s: startHeavy, i: idle }), { duration: '5s' });
    expect(out.scenarios.s).toMatchObject({ executor: 'constant-vus', vus: 20 });
    expect(out.scenarios.i).toMatchObject({ executor: 'constant-vus', vus: 1 });
  });

  it('--duration with --vus uses the given VUs', () => {
    const out = applyOverrides(plan({ ramp: ramping }), { duration: '45s', vus: 3 });
    expect(out.scenarios.ramp).toMatchObject({ executor: 'constant-vus', vus: 3, duration: '45s' });
  });

  it('--iterations makes shared-iterations with VUs capped to the iterations', () => {
    const out = applyOverrides(plan({ ramp: ramping, c: constant, sh: shared }), { iterations: 6 });
    expect(out.scenarios.ramp).toEqual({
      executor: 'shared-iterations',
      vus: 6,
      iterations: 6,
      steps,
      startTime: '10s',
      gracefulStop: '5s',
      tags: { team: 'core' },
    });
    expect(out.scenarios.c).toEqual({ executor: 'shared-iterations', vus: 4, iterations: 6, steps });
    expect(out.scenarios.sh).toEqual({ executor: 'shared-iterations', vus: 6, iterations: 6, steps });
  });

  it('--iterations with --vus', () => {
    expect(applyOverrides(plan({ c: constant }), { iterations: 50, vus: 7 }).scenarios.c).toMatchObject({
      vus: 7,
      iterations: 50,
    });
    expect(applyOverrides(plan({ c: constant }), { iterations: 5, vus: 7 }).scenarios.c).toMatchObject({
      vus: 5,
      iterations: 5,
    });
  });

  it('--iterations never gives a scenario 0 VUs', () => {
    const idle: Scenario = { executor: 'ramping-vus', startVUs: 0, stages: [{ duration: '10s', target: 0 }], steps };
    const out = applyOverrides(plan({ i: idle }), { iterations: 10 });
    expect(out.scenarios.i).toMatchObject({ executor: 'shared-iterations', iterations: 10 });
    expect((out.scenarios.i as { vus?: number }).vus).toBeGreaterThanOrEqual(1);
  });

  it('--vus alone changes the VUs and keeps the executor', () => {
    const out = applyOverrides(plan({ c: constant, per: perVu, sh: shared }), { vus: 9 });
    expect(out.scenarios.c).toEqual({ ...constant, vus: 9 });
    expect(out.scenarios.per).toEqual({ ...perVu, vus: 9 });
    expect(out.scenarios.sh).toEqual({ ...shared, vus: 9 });
  });

  it('--vus alone cannot change ramping-vus', () => {
    const e = usageError(() => applyOverrides(plan({ c: constant, warmup: ramping }), { vus: 9 }));
    expect(e.message).toMatch(/ramping-vus scenario 'warmup'/);
    expect(e.message).toMatch(/--duration or --iterations/);
  });

  it('--duration and --iterations together are refused', () => {
    const e = usageError(() => applyOverrides(plan({ c: constant }), { duration: '10s', iterations: 5 }));
    expect(e.message).toBe('--duration and --iterations cannot be combined: choose one');
  });

  it('describeOverrides lists what was given', () => {
    expect(describeOverrides({})).toBeUndefined();
    expect(describeOverrides({ vus: 10, duration: '30s' })).toBe('--vus 10 --duration 30s');
    expect(describeOverrides({ iterations: 5 })).toBe('--iterations 5');
  });
});

describe('overrides on open-model scenarios', () => {
  const arrival = (executor: 'constant-arrival-rate' | 'ramping-arrival-rate'): Plan => ({
    version: 1,
    name: 'p',
    scenarios: {
      a:
        executor === 'constant-arrival-rate'
          ? { executor, rate: 10, duration: '1m', preAllocatedVUs: 5, steps: [{ think: '1s' }] }
          : { executor, preAllocatedVUs: 5, stages: [{ duration: '1m', target: 10 }], steps: [{ think: '1s' }] },
    },
  });
  it('keeps a constant rate and takes the new duration', () => {
    expect(applyOverrides(arrival('constant-arrival-rate'), { duration: '10s' }).scenarios.a).toMatchObject({
      executor: 'constant-arrival-rate',
      rate: 10,
      duration: '10s',
    });
  });
  it('--rate sets a constant rate per second, and scales a ramping profile so its peak is the rate', () => {
    expect(applyOverrides(arrival('constant-arrival-rate'), { rate: 250 }).scenarios.a).toMatchObject({
      rate: 250,
      timeUnit: '1s',
      duration: '1m',
    });
    const ramp: Plan = {
      version: 1,
      name: 'p',
      scenarios: {
        r: {
          executor: 'ramping-arrival-rate',
          startRate: 60,
          timeUnit: '1m',
          preAllocatedVUs: 5,
          stages: [
            { duration: '30s', target: 120 },
            { duration: '1m', target: 600 },
            { duration: '10s', target: 0 },
          ],
          steps: [{ think: '1s' }],
        },
      },
    };
    // Peak 600/min = 10/s; --rate 50 multiplies every target by 5, per minute as written.
    expect(applyOverrides(ramp, { rate: 50 }).scenarios.r).toMatchObject({
      startRate: 300,
      timeUnit: '1m',
      stages: [{ target: 600 }, { target: 3000 }, { target: 0 }],
    });
  });
  it('--rate with --duration turns closed-model scenarios into constant-arrival-rate; alone it is refused for them', () => {
    const closed: Plan = {
      version: 1,
      name: 'p',
      scenarios: {
        c: { executor: 'constant-vus', vus: 4, duration: '1m', gracefulStop: '2s', steps: [{ think: '1s' }] },
      },
    };
    expect(applyOverrides(closed, { rate: 100, duration: '20s' }).scenarios.c).toEqual({
      executor: 'constant-arrival-rate',
      rate: 100,
      timeUnit: '1s',
      duration: '20s',
      preAllocatedVUs: 4,
      maxVUs: 100,
      gracefulStop: '2s',
      steps: [{ think: '1s' }],
    });
    expect(usageError(() => applyOverrides(closed, { rate: 100 })).message).toMatch(
      /--rate needs --duration for the constant-vus scenario 'c'/,
    );
    expect(usageError(() => applyOverrides(closed, { rate: 100, iterations: 5 })).message).toMatch(
      /--rate and --iterations cannot be combined/,
    );
    expect(describeOverrides({ rate: 100, duration: '20s' })).toBe('--duration 20s --rate 100');
  });
  it('refuses VU and iteration overrides, and shortening ramping stages', () => {
    expect(usageError(() => applyOverrides(arrival('constant-arrival-rate'), { vus: 3 })).message).toMatch(
      /do not apply to the constant-arrival-rate scenario 'a'/,
    );
    expect(usageError(() => applyOverrides(arrival('ramping-arrival-rate'), { duration: '5s' })).message).toMatch(
      /cannot shorten the stages/,
    );
  });
});
