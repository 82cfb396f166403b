/**
 * A warning when the load generator itself may be the bottleneck: its CPU or a worker's event loop near
 * saturation (from each second's generator health), or, for a finished run, the engine's note about it.
 */
import { useMemo } from 'react';
import { generatorHealth, generatorNote, shouldWarn } from '../live/health.ts';
import type { RunPoint, RunSummary } from '../live/types.ts';

const pct = (v: number): string => `${Math.round(v * 100)}%`;

interface Props {
  points: readonly RunPoint[];
  summary: RunSummary | null;
  running: boolean;
}

/** A status box named "Generator health", or nothing while the generator keeps up. */
export function GeneratorWarning({ points, summary, running }: Props) {
  const health = useMemo(() => generatorHealth(points), [points]);
  const note = !running && summary ? generatorNote(summary) : undefined;
  if (!note && !shouldWarn(health)) return null;
  return (
    <div className="notice notice-warn" role="status" aria-label="Generator health">
      <div className="notice-body">
        <p className="notice-title">The load generator may be the bottleneck</p>
        {note ? (
          <p>{note}</p>
        ) : (
          <p>
            {health.now
              ? `Now: CPU ${pct(health.now.cpu)} of all cores, busiest worker event loop ${pct(health.now.elu)}. `
              : ''}
            Saturated in {health.busySeconds} of {health.seconds} seconds{running ? ' so far' : ''} (peak CPU{' '}
            {pct(health.peak.cpu)}, event loop {pct(health.peak.elu)}). Results may be limited by Loadsmith rather than
            by the target: use more worker threads, a bigger machine, or several machines.
          </p>
        )}
      </div>
    </div>
  );
}
