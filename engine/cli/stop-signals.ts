/**
 * Requests to stop the CLI, from the first moment of the process: Ctrl-C (SIGINT), SIGTERM, SIGHUP (the terminal
 * closed, an ssh session dropped) and the parent process going away. The last one is how a cancelled CI job looks
 * under `npx loadsmith`: npm runs us through `sh -c`, a SIGTERM (or a SIGINT sent to npx alone) kills that shell,
 * npm exits, and nothing signals us — without this watch the test would load its target to the end, an orphan.
 *
 * The command that is running listens (a run: the first request stops gracefully, the next one at once). Before
 * any command listens (Node still loading, a large plan parsing) a request ends the process at once with 105,
 * saying so: nothing was sent yet. Node's default would have been to die silently with 130.
 */
import { ancestorsGone, startAncestors, type Ancestors } from './parent-process.ts';
import { EXIT } from './usage.ts';

/** What asked the CLI to stop. */
export type StopCause = 'SIGINT' | 'SIGTERM' | 'SIGHUP' | 'parent';

/** A stop request, numbered from 1 (the first asks for a graceful stop, later ones for a hard one). */
export interface StopRequest {
  cause: StopCause;
  count: number;
}

export type StopListener = (request: StopRequest) => void;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A second signal this soon after the first is the same Ctrl-C delivered twice: the terminal sends SIGINT to the
 * whole process group, and npm (`npx`, `npm run`) forwards its own copy to its child a few ms later.
 */
export const RELAYED_MS = 500;

/** How often the parent process is checked (a syscall or two on the main thread, never on the request path). */
export const PARENT_POLL_MS = 500;

/** Words for a cause, in messages. */
export function describeCause(cause: StopCause): string {
  switch (cause) {
    case 'SIGINT':
      return 'Ctrl-C (SIGINT)';
    case 'SIGTERM':
      return 'SIGTERM';
    case 'SIGHUP':
      return 'the terminal closed (SIGHUP)';
    case 'parent':
      return 'the process that started loadsmith went away';
  }
}

export class StopSignals {
  /** Stop requests so far (a relayed copy of a signal and a parent gone after a signal are not counted). */
  count = 0;
  private lastAt = Number.NEGATIVE_INFINITY;
  private listener: StopListener | undefined;
  private ancestors: Ancestors | undefined;
  private parentTimer: NodeJS.Timeout | undefined;
  private hangups = true;
  private readonly onSignal = (signal: NodeJS.Signals): void => this.receive(signal as StopCause);

  /** Handles the signals from now on and remembers the parent process (call it first thing in the process). */
  install(): void {
    this.ancestors = startAncestors();
    for (const s of SIGNALS) process.on(s, this.onSignal);
  }

  /** Stop handling signals (tests). */
  uninstall(): void {
    for (const s of SIGNALS) process.off(s, this.onSignal);
    clearInterval(this.parentTimer);
  }

  /** The command's handler from now on; returns a function that removes it. */
  listen(listener: StopListener): () => void {
    this.listener = listener;
    return () => {
      if (this.listener === listener) this.listener = undefined;
    };
  }

  /**
   * Treats the parent process going away as a stop request (a command that sends load calls this). The parent is
   * the one the process started with: when it exits, the process is re-parented and getppid() changes (and under
   * npm's script shell, npm is watched too: parent-process.ts).
   */
  watchParent(): void {
    const ancestors = this.ancestors;
    if (this.parentTimer || !ancestors || ancestors.parent <= 1 || process.platform === 'win32') return;
    this.parentTimer = setInterval(() => {
      if (!ancestorsGone(ancestors)) return;
      clearInterval(this.parentTimer);
      this.receive('parent');
    }, PARENT_POLL_MS).unref();
  }

  /** --ignore-hangup: SIGHUP and the parent going away are ignored (a run meant to outlive its terminal). */
  ignoreHangups(): void {
    this.hangups = false;
    clearInterval(this.parentTimer);
  }

  /** @internal a stop request as if from the system (tests call it directly). */
  receive(cause: StopCause, now = Date.now()): void {
    if (!this.hangups && (cause === 'SIGHUP' || cause === 'parent')) return;
    if (this.count > 0 && (cause === 'parent' || now - this.lastAt < RELAYED_MS)) return;
    this.count++;
    this.lastAt = now;
    if (this.listener) {
      this.listener({ cause, count: this.count });
      return;
    }
    process.stderr.write(`\n  loadsmith: stopped by ${describeCause(cause)} before anything ran; nothing was sent\n`);
    process.exit(EXIT.interrupted);
  }
}

/** The process's stop requests: bin/loadsmith.js installs them before it loads the rest of the CLI. */
export const stopSignals = new StopSignals();
