/**
 * Streaming outputs as the user names them (`--out prometheus-rw=URL`, the app's run dialog): the kinds, and the
 * check of a URL. Pure (zod and URL only): the app's contract and the renderer use it too.
 */
import { z } from 'zod';

export const STREAM_KINDS = ['prometheus-rw', 'influxdb', 'influxdb2', 'otlp'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

/** Where metrics are streamed while the test runs, and in which protocol. */
export const StreamOutput = z.strictObject({ kind: z.enum(STREAM_KINDS), url: z.string() });
export type StreamOutput = z.infer<typeof StreamOutput>;

/** A streaming output cannot be used as given; the run does not start. */
export class OutputConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputConfigError';
  }
}

const EXAMPLES: Record<StreamKind, string> = {
  'prometheus-rw': 'http://127.0.0.1:9090/api/v1/write',
  influxdb: 'http://127.0.0.1:8086/loadsmith (the database name is the path)',
  influxdb2: 'http://127.0.0.1:8086 (org and bucket in LOADSMITH_INFLUXDB_ORG and LOADSMITH_INFLUXDB_BUCKET)',
  otlp: 'http://127.0.0.1:4318/v1/metrics',
};

/**
 * Checks a kind and URL as given; returns the output (an OTLP URL without a path gets `/v1/metrics`), or throws an
 * OutputConfigError saying what to write.
 */
export function streamOutput(kind: string, url: string): StreamOutput {
  if (!(STREAM_KINDS as readonly string[]).includes(kind))
    throw new OutputConfigError(`unknown output '${kind}': use ${STREAM_KINDS.join(', ')}`);
  const k = kind as StreamKind;
  const example = `e.g. ${k}=${EXAMPLES[k]}`;
  const shown = withoutPassword(url);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new OutputConfigError(`${k}: '${shown}' is not a URL; ${example}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new OutputConfigError(`${k}: '${shown}' is not an http:// or https:// URL; ${example}`);
  if (u.username || u.password) {
    throw new OutputConfigError(
      `${k}: the URL carries a user name or password; remove it and set ${credentialsHint(k)} instead (credentials come from the environment, never from a URL)`,
    );
  }
  if (k === 'influxdb' && database(u) === '')
    throw new OutputConfigError(`${k}: '${shown}' names no database; ${example}`);
  return {
    kind: k,
    url: k === 'otlp' && (u.pathname === '/' || u.pathname === '') ? new URL('/v1/metrics', u).href : u.href,
  };
}

/** A URL (or `--out kind=URL`) for messages: a `user:password@` part becomes `***@`. */
export function withoutPassword(text: string): string {
  return text.replace(/\/\/[^/@]*@/, '//***@');
}

function credentialsHint(k: StreamKind): string {
  switch (k) {
    case 'prometheus-rw':
      return 'LOADSMITH_PROMETHEUS_TOKEN, or LOADSMITH_PROMETHEUS_USERNAME and LOADSMITH_PROMETHEUS_PASSWORD';
    case 'influxdb':
      return 'LOADSMITH_INFLUXDB_USERNAME and LOADSMITH_INFLUXDB_PASSWORD';
    case 'influxdb2':
      return 'LOADSMITH_INFLUXDB_TOKEN';
    case 'otlp':
      return 'LOADSMITH_OTLP_HEADERS (e.g. Authorization=Bearer ...)';
  }
}

/** InfluxDB v1's database: the URL's path (`/loadsmith`), or its `db` query parameter. */
export function database(u: URL): string {
  return u.searchParams.get('db') ?? decodeURIComponent(u.pathname.replace(/^\/+|\/+$/g, ''));
}
