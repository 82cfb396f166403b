/**
 * A virtual user: its variables (plan variables evaluated for this VU, then extracted values), its cookie jar,
 * the template context it renders with, and what it is waiting on, so a hard stop can interrupt it at once.
 */
import type { TemplateContext } from '../../template/index.ts';
import { CookieJar } from '../http/cookie-jar.ts';
import type { Exchange } from '../http/exchange.ts';

export type CookieScope = 'iteration' | 'vu' | 'off';

export interface MutableTemplateContext extends TemplateContext {
  iter: number;
  data: Record<string, Readonly<Record<string, unknown>> | undefined>;
  vars: Map<string, unknown>;
}

export class VirtualUser {
  readonly id: number;
  readonly ctx: MutableTemplateContext;
  readonly jar: CookieJar | undefined;
  readonly cookieScope: CookieScope;
  interrupted = false;
  /** Counts exchanges and sleeps; an iteration that did neither never yielded to the event loop. */
  waits = 0;
  private readonly inflight = new Set<Exchange>();
  private sleepTimer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;

  constructor(id: number, scenario: string, env: Readonly<Record<string, string | undefined>>, cookieScope: CookieScope) {
    this.id = id;
    this.cookieScope = cookieScope;
    this.jar = cookieScope === 'off' ? undefined : new CookieJar();
    this.ctx = { vu: id, iter: 0, scenario, env, vars: new Map(), data: {} };
  }

  /** Called before every iteration. */
  beginIteration(iter: number): void {
    this.ctx.iter = iter;
    if (this.cookieScope === 'iteration') this.jar?.clear();
  }

  track(x: Exchange): void { this.waits++; this.inflight.add(x); }
  untrack(x: Exchange): void { this.inflight.delete(x); }

  /** Resolves after ms, or at once when the VU is interrupted. */
  sleep(ms: number): Promise<void> {
    if (this.interrupted || ms <= 0) return Promise.resolve();
    this.waits++;
    return new Promise((resolve) => {
      this.wake = resolve;
      this.sleepTimer = setTimeout(() => { this.wake = undefined; resolve(); }, ms);
    });
  }

  /** Hard stop: abort what is in flight and wake a sleeping VU; the interpreter then unwinds. */
  interrupt(): void {
    if (this.interrupted) return;
    this.interrupted = true;
    for (const x of this.inflight) x.interrupt();
    this.inflight.clear();
    if (this.wake) {
      clearTimeout(this.sleepTimer);
      const w = this.wake;
      this.wake = undefined;
      w();
    }
  }

  /** Allows a VU that was interrupted (ramp-down) to be started again later. */
  revive(): void { this.interrupted = false; }
}
