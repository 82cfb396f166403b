/** Command-line parsing with node:util parseArgs; every mistake is a UsageError naming the option. */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { parseDuration } from '../plan/duration.ts';
import { UsageError } from './usage.ts';

export interface RunArgs {
  plan: string | undefined;
  vus: number | undefined;
  duration: string | undefined;
  iterations: number | undefined;
  env: Record<string, string>;
  summaryJson: string | undefined;
  workers: number | undefined;
  quiet: boolean;
  color: boolean | undefined;
}

const RUN_OPTIONS = {
  vus: { type: 'string' },
  duration: { type: 'string' },
  iterations: { type: 'string' },
  env: { type: 'string', short: 'e', multiple: true },
  'summary-json': { type: 'string' },
  workers: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  'no-color': { type: 'boolean' },
  color: { type: 'boolean' },
} as const;

export function parseRunArgs(argv: string[], planRequired: boolean): RunArgs {
  const { values, positionals } = parse(argv, RUN_OPTIONS);
  if (planRequired && positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'missing the plan file: loadsmith run <plan.yaml>' : `expected one plan file, got ${positionals.length}: ${positionals.join(' ')}`);
  if (!planRequired && positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (values.duration !== undefined && (parseDuration(values.duration) ?? 0) <= 0) throw new UsageError(`--duration: '${values.duration}' is not a duration such as 30s or 1m30s`);
  return {
    plan: positionals[0],
    vus: positiveInt('--vus', values.vus),
    duration: values.duration,
    iterations: positiveInt('--iterations', values.iterations),
    env: parseEnv(values.env ?? []),
    summaryJson: values['summary-json'],
    workers: positiveInt('--workers', values.workers),
    quiet: values.quiet ?? false,
    color: values['no-color'] ? false : values.color ? true : undefined,
  };
}

export function parsePortArgs(argv: string[]): { port: number } {
  const { values, positionals } = parse(argv, { port: { type: 'string', short: 'p' } } as const);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const port = values.port === undefined ? 3000 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port: '${values.port}' is not a port number (0-65535)`);
  return { port };
}

export function parse<T extends ParseArgsOptionsConfig>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/^.*?: /, '').replace(/\. To specify.*$/s, '') + ' (see loadsmith help)');
  }
}

function positiveInt(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name}: '${v}' is not a whole number of at least 1`);
  return n;
}

function parseEnv(list: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`--env: '${item}' should be KEY=VALUE`);
    env[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return env;
}
