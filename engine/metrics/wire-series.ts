/**
 * The series, checks and newly numbered keys of a worker's sample checked where they are, not copied: a zod object
 * schema returns a copy of each series and of its histograms, which with 10,000 request names was ~100,000 objects a
 * second per worker, made only to be dropped (the coordinator's heap peaked ~10 MB higher). The rest of the sample is
 * small and zod checks it.
 */
import { PHASES } from './request-phases.ts';

/** The fields of an encoded histogram (histogram.ts, EncodedHistogram). */
const HIST_FIELDS = 7;
const NUMBER_FIELDS = ['count', 'sum', 'min', 'max', 'clamped'] as const;
/** What a series may hold besides its phases' histograms. */
const SERIES_FIELDS = new Set<string>(['key', 'reqs', 'failed', 'sent', 'received', ...PHASES]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function ownFields(o: object): number {
  let n = 0;
  for (const k in o) if (Object.hasOwn(o, k)) n++;
  return n;
}

/** The first own field of `o` that is not one of `fields`, said as a problem (`what`: "field", "key field"). */
function unknownField(o: object, fields: ReadonlySet<string>, what = 'field'): string | undefined {
  for (const k in o) if (Object.hasOwn(o, k) && !fields.has(k)) return `unknown ${what} ${JSON.stringify(k)}`;
  return undefined;
}

function isHist(h: unknown): boolean {
  if (!isObject(h) || h.v !== 1 || typeof h.counts !== 'string') return false;
  for (const f of NUMBER_FIELDS) if (typeof h[f] !== 'number') return false;
  return ownFields(h) === HIST_FIELDS;
}

/** What is wrong with one series as a worker sends it (its key a number), or undefined when nothing is. */
export function wireSeriesProblem(x: unknown): string | undefined {
  if (!isObject(x)) return 'a series must be an object';
  const unknown = unknownField(x, SERIES_FIELDS);
  if (unknown !== undefined) return unknown;
  if (!Number.isSafeInteger(x.key) || (x.key as number) < 0) return 'key must be a whole number ≥ 0';
  if (!Number.isSafeInteger(x.reqs) || !Number.isSafeInteger(x.failed)) return 'reqs and failed must be whole numbers';
  if (typeof x.sent !== 'number' || typeof x.received !== 'number') return 'sent and received must be numbers';
  if (!isHist(x.duration)) return 'duration must be an encoded histogram';
  for (const p of PHASES) if (x[p] !== undefined && !isHist(x[p])) return `${p} must be an encoded histogram`;
  return undefined;
}

const CHECK_FIELDS = new Set<string>(['key', 'pass', 'fail', 'failure']);

/** What is wrong with one check's counts as a worker sends them (its key a number), or undefined when nothing is. */
export function wireCheckProblem(x: unknown): string | undefined {
  if (!isObject(x)) return 'a check must be an object';
  const unknown = unknownField(x, CHECK_FIELDS);
  if (unknown !== undefined) return unknown;
  if (!Number.isSafeInteger(x.key) || (x.key as number) < 0) return 'key must be a whole number ≥ 0';
  if (!Number.isSafeInteger(x.pass) || !Number.isSafeInteger(x.fail)) return 'pass and fail must be whole numbers';
  if (x.failure !== undefined && typeof x.failure !== 'string') return 'failure must be a string';
  return undefined;
}

const SERIES_KEY_FIELDS = new Set<string>(['scenario', 'group', 'request', 'method', 'status', 'expected', 'tags']);
const CHECK_KEY_FIELDS = new Set<string>(['scenario', 'group', 'request', 'check']);

/** What is wrong with a numbered key as a worker sends it the first time ({ id, key }), or undefined. */
function numberedKeyProblem(
  x: unknown,
  fields: ReadonlySet<string>,
  keyProblem: (k: Record<string, unknown>) => string | undefined,
): string | undefined {
  if (!isObject(x)) return 'a numbered key must be an object';
  if (ownFields(x) !== 2 || !Number.isSafeInteger(x.id) || (x.id as number) < 0 || !isObject(x.key))
    return 'a numbered key must be { id, key } with a whole number id ≥ 0';
  const k = x.key;
  const unknown = unknownField(k, fields, 'key field');
  if (unknown !== undefined) return unknown;
  for (const f of ['scenario', 'group', 'request'] as const)
    if (typeof k[f] !== 'string') return `key field ${f} must be text`;
  return keyProblem(k);
}

/** What is wrong with a series key sent with its number, or undefined. */
export const wireSeriesKeyProblem = (x: unknown): string | undefined =>
  numberedKeyProblem(x, SERIES_KEY_FIELDS, (k) => {
    if (typeof k.method !== 'string') return 'key field method must be text';
    if (!Number.isSafeInteger(k.status)) return 'key field status must be a whole number';
    if (typeof k.expected !== 'boolean') return 'key field expected must be true or false';
    if (k.tags === undefined) return undefined;
    if (!isObject(k.tags)) return 'key field tags must be an object';
    for (const t in k.tags)
      if (Object.hasOwn(k.tags, t) && typeof k.tags[t] !== 'string') return `tag ${t} must be text`;
    return undefined;
  });

/** What is wrong with a check key sent with its number, or undefined. */
export const wireCheckKeyProblem = (x: unknown): string | undefined =>
  numberedKeyProblem(x, CHECK_KEY_FIELDS, (k) =>
    typeof k.check !== 'string' ? 'key field check must be text' : undefined,
  );
