/**
 * Reading a saved run back: the JSON `loadsmith run --summary-json` wrote — one run's summary, or the document of a
 * `--repeat` run. Anything else is refused with what the file is, what was expected, and how to get it.
 */
import { readFile } from 'node:fs/promises';
import type { Summary } from '../metrics/summary.ts';
import type { RepeatResult } from '../report/compare/repeat.ts';
import { UsageError } from './usage.ts';

export type RunFile = { kind: 'summary'; summary: Summary } | { kind: 'repeat'; result: RepeatResult };

const EXPECTED = "expected the JSON written by 'loadsmith run --summary-json FILE'";

/** The fields a summary must have, with their JSON type. */
const REQUIRED: [string, 'object' | 'array' | 'string' | 'number'][] = [
  ['plan', 'object'],
  ['status', 'string'],
  ['stoppedBy', 'string'],
  ['startedAt', 'string'],
  ['durationMs', 'number'],
  ['_total', 'number'],
  ['_rps', 'number'],
  ['metrics', 'object'],
  ['requests', 'array'],
  ['checks', 'array'],
  ['thresholds', 'array'],
  ['statuses', 'object'],
  ['errors', 'array'],
  ['scenarios', 'array'],
  ['timeline', 'array'],
];

export async function readRunFile(path: string): Promise<RunFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message;
    throw new UsageError(`${path}: ${why}; ${EXPECTED}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${path}: not JSON (${(e as Error).message}); ${EXPECTED}`);
  }
  return asRunFile(value, path);
}

export function asRunFile(value: unknown, path: string): RunFile {
  if (!isObject(value))
    throw new UsageError(
      `${path}: not a Loadsmith run summary (the JSON is ${Array.isArray(value) ? 'an array' : typeof value}, not an object); ${EXPECTED}`,
    );
  if (value.kind === 'loadsmith-repeat') {
    if (!Array.isArray(value.repeats) || !Array.isArray(value.measured))
      throw notSummary(path, 'a --repeat document without "repeats" and "measured"');
    value.repeats.forEach((s, i) => asSummary(s, `${path} (repeat ${i + 1})`));
    return { kind: 'repeat', result: value as unknown as RepeatResult };
  }
  return { kind: 'summary', summary: asSummary(value, path) };
}

function asSummary(value: unknown, path: string): Summary {
  if (!isObject(value)) throw notSummary(path, 'not an object');
  if (Array.isArray(value.steps) && Array.isArray(value.sla)) {
    throw new UsageError(
      `${path}: this is a breakpoint search result ('loadsmith breakpoint --summary-json'), not a run summary; ${EXPECTED}`,
    );
  }
  const tool = isObject(value.tool) ? value.tool.name : undefined;
  if (tool !== 'loadsmith')
    throw notSummary(
      path,
      tool === undefined ? 'no "tool": {"name": "loadsmith"}' : `written by ${String(tool)}, not loadsmith`,
    );
  if (typeof value.version === 'number' && value.version > 1) {
    throw new UsageError(
      `${path}: summary format ${value.version} is newer than this Loadsmith reads (format 1); update Loadsmith to read it`,
    );
  }
  if (value.version !== 1) throw notSummary(path, `"version" is ${JSON.stringify(value.version)}, expected 1`);
  const missing = REQUIRED.filter(([k, type]) =>
    type === 'array' ? !Array.isArray(value[k]) : typeof value[k] !== type || value[k] === null,
  ).map(([k, type]) => `${k} (${type})`);
  if (missing.length > 0) throw notSummary(path, `missing or wrong: ${missing.join(', ')}`);
  return value as unknown as Summary;
}

function notSummary(path: string, why: string): UsageError {
  return new UsageError(`${path}: not a Loadsmith run summary (${why}); ${EXPECTED}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
