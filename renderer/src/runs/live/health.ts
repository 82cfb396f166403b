/**
 * Is the load generator itself the limit? Each point carries the process CPU (share of all cores) and the busiest
 * worker's event-loop utilisation; near 1 the numbers may say more about Loadsmith than about the target. Same
 * line as the engine (engine/runtime/generator-load.ts, which the renderer may not import): 0.9, as Locust's 90% CPU.
 */
import type { RunPoint, RunSummary } from './types.ts';

export const BUSY = 0.9;

export interface GeneratorHealth {
  /** Seconds with the generator saturated, of `seconds` measured. */
  busySeconds: number;
  seconds: number;
  /** The latest point's load, when it is saturated now. */
  now: { cpu: number; elu: number } | null;
  peak: { cpu: number; elu: number };
}

const busy = (g: RunPoint['generator']): boolean => g.cpu >= BUSY || g.elu >= BUSY;

export function generatorHealth(points: readonly RunPoint[]): GeneratorHealth {
  let busySeconds = 0,
    cpu = 0,
    elu = 0,
    seconds = 0;
  for (const p of points) {
    if (p.span < 0.5) continue;
    seconds++;
    if (busy(p.generator)) busySeconds++;
    cpu = Math.max(cpu, p.generator.cpu);
    elu = Math.max(elu, p.generator.elu);
  }
  const last = points.at(-1);
  return {
    busySeconds,
    seconds,
    now: last && busy(last.generator) ? { cpu: last.generator.cpu, elu: last.generator.elu } : null,
    peak: { cpu, elu },
  };
}

/** Worth a warning: saturated now, or for at least two seconds so far. */
export function shouldWarn(h: GeneratorHealth): boolean {
  return h.now !== null || h.busySeconds >= 2;
}

/** The engine's own end-of-run note about a saturated generator, if it wrote one. */
export function generatorNote(s: RunSummary): string | undefined {
  return s.notes.find((n) => n.startsWith('the load generator was saturated'));
}
