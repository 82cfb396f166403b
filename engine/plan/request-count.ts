/**
 * How many requests one iteration of a scenario sends, for load estimates (the designer's load profile): a number
 * when the plan fixes it, a mean when branches are drawn by weight or taken in turn, and "unknown" when a loop's
 * passes depend on responses or data (while, doWhile, forEach, a repeat count from an expression), with the step
 * that makes it so. Lenient, for drafts: steps that are not (yet) valid count as nothing.
 */
import type { PathSegment } from './path.ts';

export interface RequestCount {
  /** Fewest requests an iteration can send. */
  min: number;
  /** Most (null: no bound that means anything, e.g. forEach over a response's list). */
  max: number | null;
  /** The mean over many iterations (weights drawn, turns taken); null when a loop makes it unknowable. */
  mean: number | null;
  /** The first step (document order) whose passes cannot be known before the run, and why. */
  unknown?: { path: PathSegment[]; why: string };
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const ZERO: RequestCount = { min: 0, max: 0, mean: 0 };

/** Requests per iteration of `steps` (a scenario's, as written); `path` is where they are, for `unknown.path`. */
export function requestsPerIteration(steps: unknown, path: PathSegment[] = []): RequestCount {
  if (!Array.isArray(steps)) return ZERO;
  return steps.reduce<RequestCount>((sum, s, i) => add(sum, stepCount(s, [...path, i])), ZERO);
}

function stepCount(s: unknown, at: PathSegment[]): RequestCount {
  if (!isRec(s)) return ZERO;
  if (isRec(s.request)) return { min: 1, max: 1, mean: 1 };
  if (Array.isArray(s.batch)) {
    const n = s.batch.filter((b) => isRec(b) && isRec(b.request)).length;
    return { min: n, max: n, mean: n };
  }
  if (isRec(s.group)) return requestsPerIteration(s.group.steps, [...at, 'group', 'steps']);
  if (isRec(s.if)) {
    const a = requestsPerIteration(s.if.then, [...at, 'if', 'then']);
    const b = requestsPerIteration(s.if.else, [...at, 'if', 'else']);
    // Whether the condition holds is not known before the run: the mean is not either (unless both send as many).
    const mean = a.mean !== null && a.mean === b.mean ? a.mean : null;
    const unknown =
      a.unknown ??
      b.unknown ??
      (mean === null ? { path: at, why: 'which branch of the if runs depends on the responses' } : undefined);
    return { ...either([a, b]), mean, ...(unknown ? { unknown } : {}) };
  }
  if (isRec(s.repeat)) {
    const body = requestsPerIteration(s.repeat.steps, [...at, 'repeat', 'steps']);
    const n = s.repeat.times;
    if (typeof n === 'number') return times(body, n, n);
    return {
      ...times(body, 0, null),
      unknown: body.unknown ?? { path: at, why: 'the repeat count is an expression evaluated during the run' },
    };
  }
  for (const kind of ['while', 'doWhile'] as const) {
    const w = s[kind];
    if (!isRec(w)) continue;
    const body = requestsPerIteration(w.steps, [...at, kind, 'steps']);
    const max = typeof w.max === 'number' ? w.max : null;
    return {
      ...times(body, kind === 'doWhile' ? 1 : 0, max),
      unknown: body.unknown ?? {
        path: at,
        why: `the passes of the ${kind} depend on the responses (at most ${max ?? '?'})`,
      },
    };
  }
  if (isRec(s.forEach)) {
    const body = requestsPerIteration(s.forEach.steps, [...at, 'forEach', 'steps']);
    return {
      ...times(body, 0, null),
      unknown: body.unknown ?? {
        path: at,
        why: 'the forEach makes one pass per item of a list known only during the run',
      },
    };
  }
  if (isRec(s.once)) {
    // Once per VU, not per iteration: nothing in the mean of a long run.
    const body = requestsPerIteration(s.once.steps, [...at, 'once', 'steps']);
    return { min: 0, max: body.max, mean: 0, ...(body.unknown ? { unknown: body.unknown } : {}) };
  }
  for (const kind of ['randomSwitch', 'roundRobinSwitch'] as const) {
    const list = s[kind];
    if (!Array.isArray(list)) continue;
    const branches = list.filter(isRec).map((b, k) => ({
      w: kind === 'randomSwitch' ? (typeof b.weight === 'number' && b.weight > 0 ? b.weight : 0) : 1,
      c: requestsPerIteration(b.steps, [...at, kind, k, 'steps']),
    }));
    const total = branches.reduce((t, b) => t + b.w, 0);
    const means = branches.map((b) => b.c.mean);
    const mean =
      total === 0 || means.includes(null)
        ? null
        : branches.reduce((m, b) => m + (b.w / total) * (b.c.mean as number), 0);
    const unknown = branches.find((b) => b.c.unknown)?.c.unknown;
    return { ...either(branches.map((b) => b.c)), mean, ...(unknown ? { unknown } : {}) };
  }
  return ZERO;
}

function add(a: RequestCount, b: RequestCount): RequestCount {
  const unknown = a.unknown ?? b.unknown;
  return {
    min: a.min + b.min,
    max: a.max === null || b.max === null ? null : a.max + b.max,
    mean: a.mean === null || b.mean === null ? null : a.mean + b.mean,
    ...(unknown ? { unknown } : {}),
  };
}

/** A body run between `lo` and `hi` times (null: unbounded); the mean only for a fixed count. */
function times(body: RequestCount, lo: number, hi: number | null): RequestCount {
  const max = hi === null || body.max === null ? null : hi * body.max;
  return {
    min: lo * body.min,
    max,
    mean: lo === hi && body.mean !== null ? lo * body.mean : null,
    ...(body.unknown ? { unknown: body.unknown } : {}),
  };
}

/** One of several lists runs: the fewest of their minimums, the most of their maximums. */
function either(counts: readonly RequestCount[]): Pick<RequestCount, 'min' | 'max'> {
  if (counts.length === 0) return { min: 0, max: 0 };
  return {
    min: Math.min(...counts.map((c) => c.min)),
    max: counts.some((c) => c.max === null) ? null : Math.max(...counts.map((c) => c.max as number)),
  };
}
