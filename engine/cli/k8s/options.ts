/**
 * `loadsmith k8s` options: what to run where. Run options for every segment follow `--` and are checked as `run`
 * would; only the load overrides make sense there (the rest the manifest sets itself).
 */
import { parseDuration } from '../../base/duration.ts';
import { VERSION } from '../../version.ts';
import { parseRunArgs, parseStartAt, type RunArgs } from '../args.ts';
import { parse } from '../parser.ts';
import { k8sSpec } from '../specs/k8s.ts';
import { UsageError } from '../usage.ts';

export interface K8sArgs {
  plan: string;
  parallelism: number;
  image: string;
  imageGiven: boolean;
  namespace: string | undefined;
  name: string | undefined;
  env: Record<string, string>;
  secrets: string[];
  startAt: string | undefined;
  cpu: string | undefined;
  memory: string | undefined;
  output: string | undefined;
  runArgs: string[];
  run: RunArgs;
}

export const DEFAULT_IMAGE = `loadsmith:${VERSION}`;
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** Allowed after `--`: the load overrides (each with its value). */
const LOAD_OPTIONS = new Set(['--vus', '--duration', '--iterations', '--rate', '--workers']);

/** The options of `loadsmith k8s`, checked; the run options after `--` are checked as `run` would. */
export function parseK8sArgs(argv: readonly string[], now = Date.now()): K8sArgs {
  const { values, positionals } = parse(argv, k8sSpec);
  const [plan, ...runArgs] = positionals;
  if (plan === undefined)
    throw new UsageError(
      'missing the plan file: loadsmith k8s <plan.yaml> --parallelism N [--image IMAGE] [--namespace NS]',
    );
  if (values.parallelism === undefined)
    throw new UsageError('--parallelism N is required: how many pods (segments) share the load');
  const parallelism = Number(values.parallelism);
  if (!Number.isInteger(parallelism) || parallelism < 1 || parallelism > 10_000)
    throw new UsageError(`--parallelism: '${values.parallelism}' is not a whole number from 1 to 10000`);
  for (const a of runArgs) {
    if (a.startsWith('-') && !LOAD_OPTIONS.has(a.split('=')[0] as string)) {
      throw new UsageError(
        `'${a}' after --: only the load options ${[...LOAD_OPTIONS].join(', ')} can be passed on to every segment (the manifest sets the segment, the shard output and the start)`,
      );
    }
  }
  const run = parseRunArgs([plan, ...runArgs], true);
  for (const [option, v] of [
    ['--namespace', values.namespace],
    ['--name', values.name],
  ] as const) {
    if (v !== undefined && (!DNS_LABEL.test(v) || v.length > 50))
      throw new UsageError(
        `${option}: '${v}' must be lower-case letters, digits and '-', starting and ending with a letter or digit, at most 50 characters`,
      );
  }
  const env: Record<string, string> = {};
  for (const item of values.env ?? []) {
    const eq = item.indexOf('=');
    if (eq <= 0 || !/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(item.slice(0, eq)))
      throw new UsageError(`--env: '${item}' should be NAME=VALUE with a valid environment variable name`);
    env[item.slice(0, eq)] = item.slice(eq + 1);
  }
  for (const s of values.secret ?? [])
    if (!DNS_LABEL.test(s)) throw new UsageError(`--secret: '${s}' is not a Secret name`);
  for (const [option, v, unit] of [
    ['--cpu', values.cpu, /^\d+(\.\d+)?m?$/],
    ['--memory', values.memory, /^\d+(\.\d+)?(Ki|Mi|Gi|Ti|k|M|G|T)?$/],
  ] as const) {
    if (v !== undefined && !unit.test(v))
      throw new UsageError(
        `${option}: '${v}' is not a Kubernetes quantity (e.g. ${option === '--cpu' ? '2 or 500m' : '512Mi or 2Gi'})`,
      );
  }
  return {
    plan,
    parallelism,
    image: values.image ?? DEFAULT_IMAGE,
    imageGiven: values.image !== undefined,
    namespace: values.namespace,
    name: values.name,
    env,
    secrets: values.secret ?? [],
    startAt: values['start-at'] === undefined ? undefined : startAt(values['start-at'], now),
    cpu: values.cpu,
    memory: values.memory,
    output: values.output,
    runArgs,
    run,
  };
}

/** `+2m` (from now) or an absolute time: the ISO time every segment starts at. */
function startAt(text: string, now: number): string {
  if (text.startsWith('+')) {
    const ms = parseDuration(text.slice(1));
    if (ms === undefined || ms <= 0)
      throw new UsageError(
        `--start-at: '${text}' is not +DURATION (e.g. +2m: two minutes from now) or a time such as 2025-03-01T10:00:00Z`,
      );
    return new Date(now + ms).toISOString();
  }
  return new Date(parseStartAt(text)).toISOString();
}

/** `loadsmith-users-api-baseline`: a DNS label from the plan's name. */
export function defaultName(planName: string): string {
  const slug = planName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug ? `loadsmith-${slug}` : 'loadsmith';
}
