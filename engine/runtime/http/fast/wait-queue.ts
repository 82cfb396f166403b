/**
 * The requests of a pool waiting for a connection, oldest first (a request sent again goes first). A request
 * that settles while queued (timeout, hard stop), or that the connection opened for it takes out of turn, stays
 * in place and is skipped when reached: nothing is searched for or moved on the request path.
 */
import type { FastExchange } from './request.ts';

export class WaitQueue {
  private readonly q: FastExchange[] = [];
  private head = 0;

  /** Entries from the head on, those to be skipped included (an upper bound of the requests waiting). */
  get size(): number {
    return this.q.length - this.head;
  }

  push(x: FastExchange): void {
    this.q.push(x);
  }

  unshift(x: FastExchange): void {
    if (this.head > 0) this.q[--this.head] = x;
    else this.q.unshift(x);
  }

  /** The request shift() would return, left in the queue. */
  peek(): FastExchange | undefined {
    const q = this.q;
    while (this.head < q.length && !q[this.head]!.queued) q[this.head++] = undefined as unknown as FastExchange;
    return this.head < q.length ? q[this.head] : undefined;
  }

  shift(): FastExchange | undefined {
    const q = this.q;
    while (this.head < q.length) {
      const x = q[this.head]!;
      q[this.head++] = undefined as unknown as FastExchange;
      if (this.head > 1024 && this.head * 2 > q.length) {
        q.splice(0, this.head);
        this.head = 0;
      }
      if (x.queued) return x;
    }
    if (this.head > 0) {
      q.length = 0;
      this.head = 0;
    }
    return undefined;
  }

  /** The oldest request still waiting that no connection is being opened for. */
  firstUncovered(): FastExchange | undefined {
    const q = this.q;
    for (let i = this.head; i < q.length; i++) {
      const x = q[i]!;
      if (x.queued && x.opener === undefined) return x;
    }
    return undefined;
  }

  /** Calls `f` for every request still waiting for which `test` holds (`f` may change the queue). */
  each(test: (x: FastExchange) => boolean, f: (x: FastExchange) => void): void {
    const q = this.q;
    let found: FastExchange[] | undefined;
    for (let i = this.head; i < q.length; i++) {
      const x = q[i]!;
      if (x.queued && test(x)) (found ??= []).push(x);
    }
    if (found !== undefined) for (const x of found) if (x.queued) f(x);
  }
}
