/**
 * What Try it and Validate produced in one designer: the results the panel shows, the variables of the last run
 * (the next Try it sends them, so a request can use what an earlier one extracted), and each request's last result
 * with the request as it was sent (the request editor previews its checks and extractions against it). One store
 * per designer (TryProvider): two designers never share results, and a designer opened on another plan starts empty.
 */
import type { Result, TraceEntry, WebSocketTraceEntry } from '../../../../app/contract/index.ts';
import type { Path } from '../core/doc-path.ts';
import type { RequestDraft } from '../core/doc/index.ts';
import type { Variables } from './format.ts';

export type ValidateResult = Result<'designer.validate'>;

export type TryResult =
  | { kind: 'try'; entry: TraceEntry }
  | { kind: 'validate'; result: ValidateResult; selected: number }
  /** Try it on a WebSocket session (`path`: the session step's). */
  | { kind: 'session'; path: Path; session: WebSocketTraceEntry }
  | { kind: 'error'; what: 'try' | 'validate'; error: unknown };

export interface TryState {
  /** What is running now (the previous result stays on screen meanwhile). */
  busy: 'try' | 'validate' | null;
  result: TryResult | null;
  /** VU variables after the last Try it or Validate. */
  variables: Variables;
}

/** A request's last result, and the request as it was sent: a check edited since then says so instead. */
export interface LastTry {
  entry: TraceEntry;
  request: RequestDraft | undefined;
}

/** Results are kept per request step; a path ending in 'request' (the request object) means the same step. */
const keyOf = (path: Path): string => JSON.stringify(path[path.length - 1] === 'request' ? path.slice(0, -1) : path);

export class TryStore {
  private state: TryState = { busy: null, result: null, variables: {} };
  private readonly tries = new Map<string, LastTry>();
  private readonly listeners = new Set<() => void>();
  private current: symbol | undefined;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = (): TryState => this.state;

  /** The last result of the request at `path` (the step path, or the step path + 'request'). */
  lastTry(path: Path): LastTry | undefined {
    return this.tries.get(keyOf(path));
  }

  setLastTry(path: Path, entry: TraceEntry, request: RequestDraft | undefined): void {
    this.tries.set(keyOf(path), { entry, request });
    this.notify();
  }

  /** Starts a call; returns a function that applies its outcome unless a newer call started since. */
  beginCall(what: 'try' | 'validate'): (outcome: Partial<TryState>) => void {
    const token = Symbol(what);
    this.current = token;
    this.update({ busy: what });
    return (outcome) => {
      if (this.current !== token) return;
      this.current = undefined;
      this.update({ busy: null, ...outcome });
    };
  }

  /** Shows another entry of the Validate result. */
  selectEntry(index: number): void {
    const r = this.state.result;
    if (r?.kind === 'validate') this.update({ result: { ...r, selected: index } });
  }

  /** Hides the results (the panel collapses). */
  closeResults(): void {
    this.update({ result: null });
  }

  clearVariables(): void {
    this.update({ variables: {} });
  }

  private update(patch: Partial<TryState>): void {
    this.state = { ...this.state, ...patch };
    this.notify();
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }
}
