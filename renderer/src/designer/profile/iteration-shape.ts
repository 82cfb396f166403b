/**
 * One iteration of a scenario's steps: what it sends and how long it is expected to take. The request count is the
 * engine's (requestsPerIteration: a mean over weighted branches, "unknown" when a loop's passes depend on the
 * responses or data); the time walks the steps the same way: a fixed repeat multiplies its body, a switch weighs its
 * branches, once counts nothing (it runs once per VU, not per iteration), other loops count one pass.
 */
import { formatPath, parseDuration, requestsPerIteration } from 'loadsmith/plan';
import { listOf, numberOf, objectOf, requestOf, stepKind } from '../core/doc/index.ts';

/** What the estimate assumes one request takes (the server's real latency is unknown while designing). */
export const ASSUMED_REQUEST_MS = 50;

export interface IterationShape {
  /** Requests per iteration: the mean over many iterations (the fewest when `unknown`). */
  requests: number;
  thinkMs: number;
  /** Estimated duration: think means plus ASSUMED_REQUEST_MS per request (per batch). */
  durationMs: number;
  /** Iterations send different numbers of requests (a weighted choice, an if, once): totals are means. */
  varies?: true;
  /** Why the number of requests cannot be known before the run (a while, a forEach), and where. */
  unknown?: string;
}

interface Time {
  thinkMs: number;
  slots: number;
}
const NONE: Time = { thinkMs: 0, slots: 0 };
const dur = (v: unknown): number => (typeof v === 'string' ? (parseDuration(v) ?? 0) : 0);
const plus = (a: Time, b: Time): Time => ({ thinkMs: a.thinkMs + b.thinkMs, slots: a.slots + b.slots });
const times = (a: Time, k: number): Time => ({ thinkMs: a.thinkMs * k, slots: a.slots * k });

/** Walks the (possibly incomplete) steps of a scenario; unknown or half-typed steps count as nothing. */
export function iterationShape(steps: unknown): IterationShape {
  const count = requestsPerIteration(steps, ['steps']);
  const { thinkMs, slots } = timeOf(listOf(steps));
  const shape: IterationShape = {
    requests: count.mean ?? count.min,
    thinkMs,
    durationMs: thinkMs + slots * ASSUMED_REQUEST_MS,
  };
  if (count.min !== count.max) shape.varies = true;
  if (count.mean === null && count.unknown) shape.unknown = `${count.unknown.why} (${formatPath(count.unknown.path)})`;
  return shape;
}

function timeOf(list: readonly unknown[]): Time {
  return list.reduce<Time>((sum, step) => plus(sum, stepTime(step)), NONE);
}

/** Mean time of one of several lists, each drawn with its weight. */
function weighed(branches: readonly { w: number; steps: unknown }[]): Time {
  const total = branches.reduce((t, b) => t + b.w, 0);
  if (total === 0) return NONE;
  return branches.reduce<Time>((sum, b) => plus(sum, times(timeOf(listOf(b.steps)), b.w / total)), NONE);
}

function stepTime(step: unknown): Time {
  const s = objectOf(step);
  const kind = stepKind(s);
  if (!s) return NONE;
  switch (kind) {
    case 'request':
      return requestOf(s) ? { thinkMs: 0, slots: 1 } : NONE;
    // A gRPC call takes a slot of time as a request does.
    case 'grpc':
      return objectOf(s.grpc) ? { thinkMs: 0, slots: 1 } : NONE;
    // Requests sent together take one slot of time.
    case 'batch':
      return listOf(s.batch).some((b) => requestOf(objectOf(b))) ? { thinkMs: 0, slots: 1 } : NONE;
    case 'think':
      return thinkTime(s.think);
    case 'group':
      return timeOf(listOf(objectOf(s.group)?.steps));
    case 'if': {
      const c = objectOf(s.if);
      return c?.else === undefined
        ? timeOf(listOf(c?.then))
        : weighed([
            { w: 1, steps: c.then },
            { w: 1, steps: c.else },
          ]);
    }
    case 'repeat': {
      const r = objectOf(s.repeat);
      return times(timeOf(listOf(r?.steps)), numberOf(r?.times) ?? 1);
    }
    case 'while':
    case 'doWhile':
    case 'forEach':
      return timeOf(listOf(objectOf(s[kind])?.steps));
    case 'randomSwitch':
      return weighed(
        listOf(s.randomSwitch).map((b) => {
          const o = objectOf(b);
          return { w: Math.max(0, numberOf(o?.weight) ?? 0), steps: o?.steps };
        }),
      );
    case 'roundRobinSwitch':
      return weighed(listOf(s.roundRobinSwitch).map((b) => ({ w: 1, steps: objectOf(b)?.steps })));
    // A session takes a slot for its exchange, plus its pauses (which a run waits out, as think times).
    case 'websocket': {
      const pauses = listOf(objectOf(s.websocket)?.actions).map((a) => objectOf(a)?.pause);
      return pauses.reduce<Time>((sum, p) => plus(sum, thinkTime(p)), { thinkMs: 0, slots: 1 });
    }
    case 'once':
    case 'unknown':
      return NONE;
  }
}

/** A think time or a pause as written: fixed, or the mean of its range. */
function thinkTime(t: unknown): Time {
  const range = objectOf(t);
  return { thinkMs: range ? (dur(range.min) + dur(range.max)) / 2 : dur(t), slots: 0 };
}
