/**
 * Delivers one output's batches to its endpoint without ever holding up the run: batches wait in a bounded
 * queue, one request is in flight at a time (several queued batches travel together when the endpoint is slow),
 * failures are retried with exponential backoff, and when the queue is full the oldest batch is dropped and
 * counted. The first problem is reported once as a warning; the summary gets a note with the counts.
 */
import { Agent, request } from 'undici';
import { startTimer, stopTimer } from '../runtime/timers.ts';

export interface SenderOptions {
  /** The output's name in messages: `prometheus-rw`. */
  name: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  /** Turns the queued bodies (protocol messages that concatenate) into one request body. */
  body: (parts: readonly Uint8Array[]) => Uint8Array;
  /** Called once, with the first problem. */
  warn: (text: string) => void;
  /** Batches kept while the endpoint is down or slow (one per second of the run). */
  maxQueued?: number;
  /** Batches sent together in one request at most. */
  maxPerRequest?: number;
  timeoutMs?: number;
  backoff?: { firstMs: number; maxMs: number };
}

export interface SenderStats {
  sent: number;
  dropped: number;
  requests: number;
  failures: number;
  problem: string | undefined;
}

/** A request in flight this long at the end of the run marks the endpoint as stuck. */
const STUCK_MS = 2_000;
/** What the end of the run waits for an endpoint that is failing or stuck. */
export const UNHEALTHY_GRACE_MS = 1_000;

const DEFAULTS = { maxQueued: 120, maxPerRequest: 20, timeoutMs: 10_000, backoff: { firstMs: 500, maxMs: 15_000 } };

type Outcome = { ok: true } | { ok: false; retry: boolean; problem: string };

export class BatchSender {
  private readonly o: SenderOptions & typeof DEFAULTS;
  private readonly agent: Agent;
  private readonly queue: Uint8Array[] = [];
  private pumping: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private delayMs = 0;
  private closing = false;
  private warned = false;
  private readonly stats: SenderStats = { sent: 0, dropped: 0, requests: 0, failures: 0, problem: undefined };

  constructor(options: SenderOptions) {
    this.o = { ...DEFAULTS, ...options };
    this.agent = new Agent({
      connections: 1,
      connect: { timeout: this.o.timeoutMs },
      headersTimeout: this.o.timeoutMs,
      bodyTimeout: this.o.timeoutMs,
    });
  }

  /** Queues one batch (never waits). */
  add(batch: Uint8Array): void {
    if (this.closing) {
      this.drop(1, 'the run had ended');
      return;
    }
    this.queue.push(batch);
    this.trim();
    this.pumping ??= this.pump().finally(() => {
      this.pumping = undefined;
    });
  }

  /**
   * Sends what is queued, trying until `deadlineMs` (epoch ms) at the latest; what is left then is dropped and
   * counted. Closes the connection. Safe to call once.
   */
  async close(deadlineMs: number): Promise<SenderStats> {
    this.closing = true;
    // An endpoint that is failing, or stuck on a request, gets a short grace: it is unlikely to recover now.
    const stuck = this.inFlightSince > 0 && Date.now() - this.inFlightSince > STUCK_MS;
    if (stuck || !this.lastOk) deadlineMs = Math.min(deadlineMs, Date.now() + UNHEALTHY_GRACE_MS);
    const left = Math.max(0, deadlineMs - Date.now());
    const waited = `${Math.round(left / 100) / 10} s`;
    const timer = startTimer(() => {
      this.stopPumping();
    }, left);
    this.delayMs = Math.min(this.delayMs, 250); // the run is over: retry soon, within the deadline
    this.wakeUp?.();
    if (this.queue.length > 0)
      this.pumping ??= this.pump().finally(() => {
        this.pumping = undefined;
      });
    await this.pumping;
    stopTimer(timer);
    if (this.queue.length > 0) {
      const n = this.queue.length;
      this.queue.length = 0;
      if (this.deadlinePassed)
        this.stats.problem = `the endpoint did not take them in the ${waited} the end of the run waits${this.stats.problem ? ` (${this.stats.problem})` : ''}`;
      this.drop(n, 'the run ended before they could be sent');
    }
    await this.agent.close().catch(() => undefined);
    return { ...this.stats };
  }

  private deadlinePassed = false;
  private failuresAfterRun = 0;
  private inFlight = 0;
  private inFlightSince = 0;
  private lastOk = true;

  private stopPumping(): void {
    this.deadlinePassed = true;
    this.wakeUp?.();
    void this.agent.destroy().catch(() => undefined);
  }

  private async pump(): Promise<void> {
    while (this.queue.length > 0 && !this.deadlinePassed) {
      // Out of the queue while in flight, so that a full queue drops only batches that wait.
      const parts = this.queue.splice(0, this.o.maxPerRequest);
      this.inFlight = parts.length;
      this.inFlightSince = Date.now();
      const outcome = await this.send(parts);
      this.inFlight = 0;
      this.inFlightSince = 0;
      this.lastOk = outcome.ok;
      if (outcome.ok) {
        this.stats.sent += parts.length;
        this.delayMs = 0;
        continue;
      }
      this.stats.failures++;
      if (!this.deadlinePassed) {
        this.stats.problem = outcome.problem;
        this.warnOnce(outcome.problem, outcome.retry);
      }
      if (!outcome.retry) {
        this.drop(parts.length, outcome.problem);
        continue;
      }
      this.queue.unshift(...parts);
      this.trim();
      // After the run, an endpoint that keeps failing gets two more tries, not the whole deadline.
      if (this.deadlinePassed || (this.closing && ++this.failuresAfterRun > 2)) return;
      this.delayMs = this.delayMs === 0 ? this.o.backoff.firstMs : Math.min(this.o.backoff.maxMs, this.delayMs * 2);
      await this.sleep(this.closing ? Math.min(this.delayMs, 250) : this.delayMs);
    }
  }

  /** Drops the oldest waiting batches beyond what the queue keeps (batches in flight count). */
  private trim(): void {
    while (this.queue.length > 0 && this.queue.length + this.inFlight > this.o.maxQueued) {
      this.queue.shift();
      this.drop(1, `its buffer of ${this.o.maxQueued} batches was full`);
    }
  }

  private async send(parts: readonly Uint8Array[]): Promise<Outcome> {
    this.stats.requests++;
    try {
      const res = await request(this.o.url, {
        method: 'POST',
        headers: this.o.headers,
        body: this.o.body(parts),
        dispatcher: this.agent,
      });
      const text = await res.body.text();
      if (res.statusCode >= 200 && res.statusCode < 300) return { ok: true };
      const retry = res.statusCode === 408 || res.statusCode === 429 || res.statusCode >= 500;
      return {
        ok: false,
        retry,
        problem: `the endpoint answered ${res.statusCode}${text.trim() ? `: ${oneLine(text)}` : ''}`,
      };
    } catch (e) {
      return { ok: false, retry: true, problem: describeError(e) };
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = startTimer(() => {
        this.wakeUp = undefined;
        resolve();
      }, ms);
      this.wakeUp = () => {
        stopTimer(timer);
        this.wakeUp = undefined;
        resolve();
      };
    });
  }

  private drop(n: number, why: string): void {
    this.stats.dropped += n;
    this.stats.problem ??= why;
    this.warnOnce(why, false);
  }

  private warnOnce(problem: string, retrying: boolean): void {
    if (this.warned) return;
    this.warned = true;
    const next = retrying ? `; retrying, and keeping up to ${this.o.maxQueued} s of metrics meanwhile` : '';
    this.o.warn(`${this.o.name}: cannot write to ${safeUrl(this.o.url)}: ${problem}${next} (the test goes on)`);
  }
}

/** Queued bodies as one (protobuf messages and line protocol both concatenate). */
export function joinBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A network error for users: `endpoint refused the connection (ECONNREFUSED)`, `no answer within 10 s`. */
export function describeError(e: unknown): string {
  const err = e as { code?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'the endpoint refused the connection (ECONNREFUSED)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host name does not resolve (${code})`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `the connection was reset (${code})`;
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `no answer in time (${code})`;
    case 'UND_ERR_DESTROYED':
    case 'UND_ERR_CLOSED':
      return 'the run ended before the endpoint answered';
    default:
      return code ? `${err.message ?? 'network error'} (${code})` : (err.message ?? String(e));
  }
}

/** The URL without credentials or query (which may carry a token), for messages. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

function oneLine(text: string): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > 200 ? `${t.slice(0, 200)}…` : t;
}
