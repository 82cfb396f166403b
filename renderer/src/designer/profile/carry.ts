/**
 * What a scenario switching executor carries over, so the load stays similar: its VUs, its duration, its rate,
 * its iteration total. Pure helpers for the executor table's `initial` functions.
 */
import { formatDuration, parseDuration } from 'loadsmith/plan';
import { listOf, numberOf as num, objectOf, type ScenarioDraft } from '../core/doc/index.ts';

type Stage = { duration: string; target: number };

/** The stages that are complete (a duration as text and a numeric target). */
const stagesOf = (p: ScenarioDraft): Stage[] =>
  listOf(p.stages).flatMap((item) => {
    const s = objectOf(item);
    return typeof s?.duration === 'string' && typeof s.target === 'number'
      ? [{ duration: s.duration, target: s.target }]
      : [];
  });
const highestTarget = (p: ScenarioDraft): number | undefined =>
  stagesOf(p).length ? Math.max(...stagesOf(p).map((s) => s.target)) : undefined;

/** The VUs a scenario had: vus, a VU ramp's highest target, or an arrival-rate scenario's VUs. */
export function previousVus(p: ScenarioDraft): number | undefined {
  if (p.executor === 'ramping-vus') return highestTarget(p);
  return num(p.vus) ?? (num(p.preAllocatedVUs) || num(p.maxVUs));
}

/** How long it ran: duration, or the stages' total. */
export function previousDuration(p: ScenarioDraft): string | undefined {
  if (typeof p.duration === 'string') return p.duration;
  const ms = stagesOf(p).reduce((t, s) => t + (parseDuration(s.duration) ?? 0), 0);
  return ms > 0 ? formatDuration(ms) : undefined;
}

/** An arrival-rate scenario's (highest) rate. */
export function previousRate(p: ScenarioDraft): number | undefined {
  if (p.executor === 'ramping-arrival-rate') return highestTarget(p) || undefined;
  return num(p.rate);
}

/** { vus } when the previous scenario had VUs. */
export const keepVus = (p: ScenarioDraft): ScenarioDraft => {
  const v = previousVus(p);
  return v !== undefined ? { vus: Math.max(1, v) } : {};
};

/** The keys of `p` among `keys` that hold a value of the given type. */
export function keep(
  p: ScenarioDraft,
  keys: readonly (keyof ScenarioDraft)[],
  type: 'string' | 'number',
): ScenarioDraft {
  return Object.fromEntries(keys.filter((k) => typeof p[k] === type).map((k) => [k, p[k]]));
}

/** Iterations from the other iteration executor, converted so the total stays the same. */
export function iterationsFrom(
  p: ScenarioDraft,
  from: string,
  convert: (iterations: number, vus: number) => number,
): ScenarioDraft {
  const it = num(p.iterations);
  return p.executor === from && it !== undefined ? { iterations: convert(it, num(p.vus) ?? 1) } : {};
}

/** VUs for an arrival-rate executor: kept from one, else the previous VUs pre-allocated. */
export const arrivalVus = (p: ScenarioDraft): ScenarioDraft => ({
  preAllocatedVUs: num(p.preAllocatedVUs) ?? previousVus(p) ?? 10,
  ...keep(p, ['maxVUs'], 'number'),
  ...keep(p, ['timeUnit'], 'string'),
});
