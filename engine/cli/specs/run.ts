/** `loadsmith run`: the options of a run (shared with `demo`), its examples and its exit codes. */
import { defineCommand, type OptionTable } from '../spec.ts';

/** Every option of `run` (and of `demo`), in the order of `loadsmith run --help`. */
export const RUN_OPTIONS = {
  vus: {
    type: 'string',
    value: 'N',
    help: 'number of VUs for every scenario (with --duration or --iterations: replaces the executor)',
  },
  duration: { type: 'string', value: 'D', help: 'run every scenario as constant-vus for D (e.g. 30s, 1m30s)' },
  iterations: {
    type: 'string',
    value: 'N',
    help: 'run every scenario as shared-iterations with N iterations in total',
  },
  rate: {
    type: 'string',
    value: 'R',
    help: 'iterations per second for every scenario: sets constant-arrival-rate, scales ramping-arrival-rate; with --duration, closed-model scenarios run as constant-arrival-rate at R',
  },
  env: {
    type: 'string',
    short: 'e',
    multiple: true,
    value: 'KEY=VALUE',
    help: 'set an environment variable for ${env.KEY} (repeatable)',
  },
  'summary-json': {
    type: 'string',
    value: 'FILE',
    file: true,
    help: 'write the machine-readable summary, with the per-second timeline (- for stdout)',
  },
  'summary-trend-stats': {
    type: 'string',
    value: 'LIST',
    help: "the statistics shown for trend metrics, as k6: avg, min, med, max, count, p(N), e.g. 'avg,med,p(95),p(99.9),count' (default avg,min,med,max,p(90),p(95),p(99); the plan's summaryTrendStats)",
  },
  html: {
    type: 'string',
    value: 'FILE',
    file: true,
    help: 'write the single-file HTML report (charts, tables; opens offline)',
  },
  junit: {
    type: 'string',
    value: 'FILE',
    file: true,
    help: 'write JUnit XML for CI: a test case per threshold and per check',
  },
  out: {
    type: 'string',
    multiple: true,
    value: 'FORMAT=FILE|KIND=URL',
    help: 'stream one row per request to FILE: ndjson=FILE or csv=FILE; or stream the metrics every second to prometheus-rw=URL, influxdb=URL (v1, database in the path), influxdb2=URL or otlp=URL, with credentials from the environment (docs/outputs.md) (repeatable)',
  },
  repeat: {
    type: 'string',
    value: 'N',
    help: 'run the plan N times in a row and print mean ± sd, min and max of the key metrics; --html/--junit/--out then write one file per repeat (report-1.html, ...) and --summary-json one document with every repeat and the statistics',
  },
  pause: { type: 'string', value: 'D', help: 'the pause between repeats (default 10s; 0s for none)' },
  segment: {
    type: 'string',
    value: 'i/N',
    help: "run only the i-th of N equal parts of the plan (numbered from 1), split as k6's execution segments: VUs, iterations and arrivals exactly, none run twice; --summary-json then writes the shard 'loadsmith merge' needs",
  },
  'execution-segment': { type: 'string', value: 'A:B', help: "k6's form: the segment from A to B (1/4:1/2, 25%:50%)" },
  'execution-segment-sequence': {
    type: 'string',
    value: 'SEQ',
    help: 'with --execution-segment: the sequence 0,A,B,...,1 all segments of the run share (default: the segment alone)',
  },
  'shard-log': {
    type: 'boolean',
    help: "with --segment: print the shard as one 'loadsmith-shard' line on stdout (for kubectl logs); a failed threshold then exits 0, as the merged run decides",
  },
  'start-at': {
    type: 'string',
    value: 'TIME',
    help: 'wait until TIME (2025-03-01T10:00:00Z, or Unix seconds) before starting: segments on several machines start together',
  },
  workers: { type: 'string', value: 'N', help: 'worker threads (default: CPU cores - 1, at least 1)' },
  control: {
    type: 'string',
    value: 'HOST:PORT',
    help: 'where mid-run control listens (loadsmith pause|resume|scale|status; default 127.0.0.1 on a free port, behind a token only your user can read); loopback only',
  },
  'no-control': {
    type: 'boolean',
    help: 'no mid-run control: nothing listens, nothing can change the run while it goes',
  },
  quiet: { type: 'boolean', short: 'q', help: 'no progress line, only the summary' },
  color: {
    type: 'boolean',
    negatable: 'plain output, no colours',
    help: 'colours even when the output is not a terminal',
  },
  'ignore-hangup': {
    type: 'boolean',
    help: 'keep running when the terminal closes (SIGHUP) or the process that started loadsmith exits (by default either stops the test gracefully, so a cancelled CI job leaves no load running)',
  },
} as const satisfies OptionTable;

/** The exit codes of a run, for `run --help` and `loadsmith --help`. */
export const RUN_EXIT_CODES = `Exit codes:
  0    thresholds passed
  99   a threshold failed (with --repeat: in any repeat; merge: on the merged data)
  1    bad plan, usage, shards that cannot be merged, or a report file that cannot be written
  105  stopped (Ctrl-C, SIGTERM, SIGHUP, or the parent process gone): the first stops gracefully (with --repeat:
       and skips the remaining repeats), the second at once; the summary and the reports are always written.
       Under npx, npm may exit first with 130 or 143 (docs/reliability.md)
  103  an internal error (a bug: please report it)`;

export const runSpec = defineCommand({
  name: 'run',
  summary: 'run a plan file (YAML or JSON)',
  description:
    'Runs a plan with a live progress line on stderr and prints the summary on stdout (also after Ctrl-C: the first stops gracefully, the second at once).',
  operands: [{ name: 'plan', help: 'the plan file (YAML or JSON)', required: true, file: 'plan' }],
  options: RUN_OPTIONS,
  examples: [
    ['loadsmith run plan.yaml', 'run the plan as written'],
    ['loadsmith run plan.yaml -e BASE_URL=http://127.0.0.1:3000', 'set ${env.BASE_URL}'],
    [
      'loadsmith run plan.yaml --vus 20 --duration 1m',
      'every scenario: 20 VUs for a minute (as k6 run --vus --duration)',
    ],
    [
      'loadsmith run plan.yaml --rate 200 --duration 30s',
      'open model: 200 iterations/s for 30 s (as vegeta attack -rate)',
    ],
    [
      'loadsmith run plan.yaml -q --summary-json run.json --html report.html',
      'in CI: no progress line, a JSON summary and a report',
    ],
    ['loadsmith run plan.yaml --out csv=requests.csv', 'one row per request, streamed'],
    [
      'loadsmith run plan.yaml --out prometheus-rw=http://127.0.0.1:9090/api/v1/write',
      'the metrics every second to Prometheus (Grafana dashboards: deploy/grafana)',
    ],
    ['loadsmith run plan.yaml --repeat 5 --pause 10s', 'five runs: mean ± sd of every key number'],
    [
      'loadsmith run plan.yaml --segment 1/4 --summary-json shard-1.json',
      'a quarter of a distributed run (then loadsmith merge)',
    ],
    [
      'loadsmith scale --vus 50   # in another terminal, while it runs',
      'change the load of the running test (also: pause, resume, status)',
    ],
  ],
  notes: `${RUN_EXIT_CODES}\n\nMore: docs/reports.md, docs/outputs.md, docs/distributed.md, docs/reliability.md`,
});
