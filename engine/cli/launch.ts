/**
 * What every `loadsmith` executable does once its JavaScript is loaded: the repository's bin/loadsmith.js, the
 * runner package's bin (engine/bin/loadsmith.js, from its bundle) and the single executable. Only failure.ts is
 * imported up front, so that an error while the rest of the CLI loads is reported as a bug too (exit 103).
 */
import { exitOnUncaught, reportFailure } from './failure.ts';
import type { UiLauncher } from './main.ts';

/** The signals a run treats as stop requests (stop-signals.ts). */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** The stop signals a bin held in plain JavaScript while this code loaded (Ctrl-C in the first 100 ms). */
export interface HeldSignals {
  /** The handler the bin installed for each of STOP_SIGNALS; removed here. */
  hold: (signal: StopSignal) => void;
  /** What it received meanwhile, in order: handed to the CLI's own handling. */
  received: StopSignal[];
}

/**
 * Runs one command line and returns its exit code; the caller exits with it. `ui` loads the app for `loadsmith ui`
 * (only the repository has it), which handles its own signals.
 */
export async function launch(args: string[], held?: HeldSignals, ui?: () => Promise<UiLauncher>): Promise<number> {
  exitOnUncaught();
  // A reader of stdout/stderr that went away (EPIPE) costs the output, never the run or its report files.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') throw e;
    });
  }
  try {
    if (args[0] !== 'ui') {
      (await import('./young-generation.ts')).holdYoungGeneration();
      (await import('../runtime/heap-compaction.ts')).allowHeapCompaction();
      const { stopSignals } = await import('./stop-signals.ts');
      stopSignals.install();
      for (const s of STOP_SIGNALS) if (held) process.off(s, held.hold);
      for (const s of held?.received ?? []) stopSignals.receive(s);
    }
    return await (await import('./main.ts')).main(args, ui);
  } catch (e) {
    return reportFailure(e);
  }
}
