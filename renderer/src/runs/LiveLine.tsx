/** The live numbers of a running run, refreshed by `run.tick`. */
import { failingThresholds, liveText, type Tick } from './live.ts';

/** Live text in a group named `label` (default "Live progress"); "starting…" until the first tick. */
export function LiveLine({ tick, label = 'Live progress' }: { tick: Tick | undefined; label?: string }) {
  const failing = tick ? failingThresholds(tick) : 0;
  return (
    <span className="live" role="group" aria-label={label}>
      <span className="live-dot" aria-hidden="true" />
      {tick ? liveText(tick) : 'starting…'}
      {failing > 0 && (
        <span className="text-bad">
          {' '}
          · {failing} threshold{failing === 1 ? '' : 's'} failing
        </span>
      )}
    </span>
  );
}
