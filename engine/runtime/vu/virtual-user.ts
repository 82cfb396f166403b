/**
 * A virtual user: its variables (plan variables evaluated for this VU, then extracted values), its cookie jar,
 * the template context it renders with, and what it is waiting on, so a hard stop can interrupt it at once.
 * Kept small (thousands of sleeping VUs per worker): the jar is created by the first Set-Cookie, the set of
 * requests in flight only by a batch.
 */
import type { ResponseStatuses, TemplateContext } from '../../template/index.ts';
import { CookieJar } from '../http/cookie-jar.ts';
import type { Interruptible } from '../http/types.ts';
import { startTimer, stopTimer, type Timer } from '../timers.ts';

export type CookieScope = 'iteration' | 'vu' | 'off';

export interface MutableTemplateContext extends TemplateContext {
  iter: number;
  responses?: ResponseStatuses;
  data: Record<string, Readonly<Record<string, unknown>> | undefined>;
  vars: Map<string, unknown>;
}

export class VirtualUser {
  readonly id: number;
  readonly ctx: MutableTemplateContext;
  readonly cookieScope: CookieScope;
  interrupted = false;
  /** Counts exchanges and sleeps; an iteration that did neither never yielded to the event loop. */
  waits = 0;
  /** Flow control's memory of this VU (vu/flow.ts): once blocks it ran, round-robin turns; made on first use. */
  flow: { once: Set<object>; turns: Map<object, number> } | undefined;
  private cookies: CookieJar | undefined;
  /** The one request in flight (the usual case), and more only while a batch runs. */
  private current: Interruptible | undefined;
  private more: Set<Interruptible> | undefined;
  private sleepTimer: Timer | undefined;
  private wake: (() => void) | undefined;

  constructor(
    id: number,
    scenario: string,
    env: Readonly<Record<string, string | undefined>>,
    cookieScope: CookieScope,
  ) {
    this.id = id;
    this.cookieScope = cookieScope;
    this.ctx = { vu: id, iter: 0, scenario, env, vars: new Map(), data: {} };
    this.flow = undefined;
  }

  /** The cookie jar, or undefined while no cookie was ever stored (or cookies are off). */
  get jar(): CookieJar | undefined {
    return this.cookies;
  }

  /** The jar to store cookies in (created on first use), or undefined when cookies are off. */
  jarForStoring(): CookieJar | undefined {
    if (this.cookieScope === 'off') return undefined;
    return (this.cookies ??= new CookieJar());
  }

  /** Called before every iteration. */
  beginIteration(iter: number): void {
    this.ctx.iter = iter;
    if (this.cookieScope === 'iteration' && this.cookies !== undefined && this.cookies.size > 0) this.cookies.clear();
  }

  track(x: Interruptible): void {
    this.waits++;
    if (this.current === undefined) this.current = x;
    else (this.more ??= new Set()).add(x);
  }

  untrack(x: Interruptible): void {
    if (this.current === x) this.current = undefined;
    else this.more?.delete(x);
  }

  /** Resolves after ms, or at once when the VU is interrupted. */
  sleep(ms: number): Promise<void> {
    if (this.interrupted || ms <= 0) return Promise.resolve();
    this.waits++;
    return new Promise((resolve) => {
      this.wake = resolve;
      this.sleepTimer = startTimer(() => {
        this.wake = undefined;
        resolve();
      }, ms);
    });
  }

  /** Hard stop: abort what is in flight and wake a sleeping VU; the interpreter then unwinds. */
  interrupt(): void {
    if (this.interrupted) return;
    this.interrupted = true;
    const x = this.current;
    this.current = undefined;
    x?.interrupt();
    if (this.more !== undefined) {
      for (const m of this.more) m.interrupt();
      this.more = undefined;
    }
    if (this.wake) {
      stopTimer(this.sleepTimer);
      const w = this.wake;
      this.wake = undefined;
      w();
    }
  }

  /** Allows a VU that was interrupted (ramp-down) to be started again later. */
  revive(): void {
    this.interrupted = false;
  }
}
