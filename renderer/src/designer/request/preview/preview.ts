/**
 * Matching the last Try it result to what the editor shows now. Results carry names (checks) and variables
 * (extractions), not positions, and the user may edit after trying: a check or extraction whose definition
 * differs from the one that was tried says so instead of showing a result that belongs to something else.
 */
import type { Check, Extractor } from 'loadsmith/plan';
import type { TraceEntry } from '../../../../../app/contract/index.ts';
import { listOf, objectOf, type Draft, type RequestDraft } from '../../core/doc/index.ts';
import { derivedCheckName } from '../checks/model.ts';

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export type CheckPreview =
  | { state: 'pass' | 'fail'; reason: string | null }
  | { state: 'changed' }
  | { state: 'skipped'; reason: string }
  | { state: 'none' };

/** Why nothing was checked or extracted: the Try got no response. */
function noResponse(entry: TraceEntry): string | undefined {
  if (entry.response !== null) return undefined;
  return entry.error ? `the request got no response (${entry.error.message})` : 'the request got no response';
}

/** The result of check `index` (now `check`) in the last Try of a request that was `tried`. */
export function previewCheck(
  entry: TraceEntry | undefined,
  tried: RequestDraft | undefined,
  index: number,
  check: Draft<Check>,
): CheckPreview {
  if (!entry) return { state: 'none' };
  const skipped = noResponse(entry);
  if (skipped && entry.checks.length === 0) return { state: 'skipped', reason: skipped };
  const triedChecks = Array.isArray(tried?.checks) ? listOf(tried.checks) : undefined;
  if (triedChecks && !triedChecks.some((t) => same(t, check))) return { state: 'changed' };
  const own = objectOf(check)?.name;
  const name = typeof own === 'string' && own !== '' ? own : derivedCheckName(check);
  // Same position first (two checks may share a name), else the first with the same name.
  const at = entry.checks[index];
  const r = at && at.name === name ? at : entry.checks.find((c) => c.name === name);
  if (!r) return { state: 'changed' };
  return { state: r.ok ? 'pass' : 'fail', reason: r.reason };
}

export type ExtractPreview =
  | { state: 'ok'; value: unknown }
  | { state: 'fail'; reason: string | null }
  | { state: 'changed' }
  | { state: 'skipped'; reason: string }
  | { state: 'none' };

/** What the extraction into `variable` (now `extractor`) yielded in the last Try. */
export function previewExtraction(
  entry: TraceEntry | undefined,
  tried: RequestDraft | undefined,
  variable: string,
  extractor: Draft<Extractor>,
): ExtractPreview {
  if (!entry) return { state: 'none' };
  const skipped = noResponse(entry);
  if (skipped && entry.extracted.length === 0) return { state: 'skipped', reason: skipped };
  const triedExtract = objectOf(tried?.extract);
  if (triedExtract && !same(triedExtract[variable], extractor)) return { state: 'changed' };
  const r = entry.extracted.find((x) => x.variable === variable);
  if (!r) return { state: 'changed' };
  return r.ok ? { state: 'ok', value: r.value } : { state: 'fail', reason: r.reason };
}

/** An extracted value as one short line: strings quoted, objects as JSON, long values cut. */
export function formatValue(v: unknown, max = 160): string {
  const text = v === undefined ? 'undefined' : (JSON.stringify(v) ?? String(v));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
