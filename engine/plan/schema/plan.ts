/** The plan document, version 1: what the GUI edits, SQLite stores and the CLI runs. */
import { z } from 'zod';
import { Auth } from './auth.ts';
import { ConnectionFields } from './connection.ts';
import { Duration, Headers, OnFailure, scenarioName, Size, StatusSet, Tags, Template, variableName } from './common.ts';
import { Scenario } from './scenarios.ts';
import { Step } from './steps.ts';
import { TREND_STAT_HINT, TREND_STAT_PATTERN } from '../../base/trend-stats.ts';

export const PLAN_VERSION = 1;

export const HttpOptions = z.strictObject({
  ...ConnectionFields,
  discardResponseBodies: z.boolean().optional().meta({
    description:
      'Never keep response bodies; checks and extractions that read the body are then refused. Default false.',
  }),
  maxRedirects: z.int().min(0).max(100).optional().meta({ description: 'Redirects followed per request; default 10.' }),
  maxBodySize: Size.optional().meta({
    description: 'Largest response body kept for checks and extractions; default 10MB.',
  }),
  expectedStatuses: StatusSet.optional().meta({
    description: 'Statuses that are not failures (http_req_failed); default 200-399.',
  }),
  cookies: z
    .enum(['iteration', 'vu', 'off'])
    .optional()
    .meta({ description: 'Cookie jar scope: cleared every iteration (default, like k6), kept for the VU, or off.' }),
  pipelining: z
    .int()
    .min(1)
    .max(128)
    .optional()
    .meta({
      description:
        'HTTP/1.1 pipelining: requests sent on one connection before their responses arrive (as autocannon -p); ' +
        'a worker then opens about one connection per N concurrent requests. Only idempotent methods (GET, HEAD, PUT, DELETE, ' +
        'OPTIONS) are pipelined; the server must answer in order. Not used for HTTP/2, which multiplexes. Default 1 (off).',
    }),
});

export const Defaults = z.strictObject({
  baseUrl: Template.optional(),
  headers: Headers.optional(),
  auth: Auth.optional(),
  timeout: Duration.optional().meta({
    description:
      'Request timeout, covering the whole request from waiting for a connection to the last byte (as in k6); default 60s.',
  }),
  http: HttpOptions.optional(),
  tags: Tags.optional(),
  onFailure: OnFailure.optional(),
});

/** The formats a data file may have. */
export const DATA_FORMATS = ['csv', 'json'] as const;
export type DataFormat = (typeof DATA_FORMATS)[number];

/** Steps run once per run, before (setup) or after (teardown) the scenarios, as k6's setup() and teardown(). */
const RunSteps = (when: string, more: string) =>
  z
    .strictObject({
      steps: z.array(Step).min(1),
      timeout: Duration.optional().meta({ description: `Longest the ${when} may take; default 60s (as k6).` }),
    })
    .meta({ description: more });
export const Setup = RunSteps(
  'setup',
  'Steps run once before any scenario, however many workers: what they extract (${token}) every VU reads, and ' +
    'nothing may change it. A failed request, check or extraction in setup (unless onFailure: continue) aborts the run before any scenario starts (exit code 107).',
);
export const Teardown = RunSteps(
  'teardown',
  'Steps run once after the scenarios, also after a stopped or aborted run; they read what setup extracted. ' +
    'Their failures are reported in the summary.',
);

export const DataFeeder = z.strictObject({
  file: z
    .string()
    .min(1)
    .meta({ description: 'CSV (with a header row) or JSON (array of objects), relative to the plan file.' }),
  format: z.enum(DATA_FORMATS).optional().meta({ description: 'Default: from the file extension.' }),
  mode: z.enum(['sequential', 'random', 'unique']).optional().meta({
    description:
      'sequential: each VU walks the rows in order (default); random: any row; unique: each row once in the whole run.',
  }),
  onExhausted: z
    .enum(['recycle', 'stop'])
    .optional()
    .meta({ description: 'unique mode, all rows used: start over, or stop the VU (default stop).' }),
  delimiter: z.string().length(1).optional(),
});

export const ThresholdRule = z.union([
  z.string().min(1),
  z.strictObject({
    threshold: z.string().min(1),
    abortOnFail: z.boolean().optional(),
    delayAbortEval: Duration.optional(),
  }),
]);

/** A metrics stream the plan names (used when the run is given none: --out and the app's choice win). */
export const PlanOutput = z.strictObject({
  kind: z.enum(['prometheus-rw', 'influxdb', 'influxdb2', 'otlp']),
  url: Template.meta({
    description:
      'Where to send; may use ${env.NAME}. No credentials are sent to a URL a plan names: give the output with --out to use them.',
  }),
});

export const Plan = z.strictObject({
  version: z.literal(PLAN_VERSION).meta({ description: 'Plan format version.' }),
  name: z.string().min(1),
  description: z.string().optional(),
  defaults: Defaults.optional(),
  variables: z
    .record(variableName, z.unknown())
    .optional()
    .meta({ description: 'Values available as ${name}; strings may contain ${...} (evaluated once per VU).' }),
  data: z
    .record(variableName, DataFeeder)
    .optional()
    .meta({ description: 'Data files; a row is available as ${data.NAME.COLUMN}.' }),
  setup: Setup.optional(),
  teardown: Teardown.optional(),
  scenarios: z
    .record(scenarioName, Scenario)
    .refine((s) => Object.keys(s).length > 0, { error: 'a plan needs at least one scenario' }),
  thresholds: z
    .record(z.string().min(1), z.array(ThresholdRule).min(1))
    .optional()
    .meta({ description: 'Pass/fail criteria, k6 syntax: "http_req_duration{request:List users}": ["p(95)<500"].' }),
  summaryTrendStats: z
    .array(z.string().regex(new RegExp(TREND_STAT_PATTERN), { error: TREND_STAT_HINT }))
    .min(1)
    .optional()
    .meta({
      description:
        "The statistics the summary shows for each trend metric, as k6's summaryTrendStats: avg, min, med, max, count, p(N), " +
        'e.g. [avg, med, "p(95)", "p(99.9)", count]. Default avg, min, med, max, p(90), p(95), p(99). --summary-trend-stats overrides it.',
    }),
  outputs: z.array(PlanOutput).min(1).max(4).optional().meta({
    description:
      'Stream metrics while the test runs (Prometheus remote write, InfluxDB, OTLP), unless the run is given its own (--out).',
  }),
});
export type Plan = z.infer<typeof Plan>;
export type Defaults = z.infer<typeof Defaults>;
export type HttpOptions = z.infer<typeof HttpOptions>;
export type DataFeeder = z.infer<typeof DataFeeder>;
export type ThresholdRule = z.infer<typeof ThresholdRule>;
export type RunSteps = z.infer<typeof Setup>;
