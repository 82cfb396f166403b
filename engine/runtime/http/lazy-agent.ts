/**
 * An undici Agent made the first time a request needs one. Loading undici costs a thread ~12 MB of RSS (its index
 * brings fetch, WebSocket, cache and the rest): plain HTTP/1.1 goes through the fast client (fast/client.ts) and
 * never needs it, so a worker of such a plan does not load it, nor does the CLI's main thread. The first request
 * that needs the Agent waits for the import before its exchange starts (exchange.ts): the load is in no timing.
 */
import type { Agent } from 'undici';
import type * as UndiciModule from 'undici';

type Undici = typeof UndiciModule;

let undici: Promise<Undici> | undefined;

/** undici, imported once per thread. */
const loadUndici = (): Promise<Undici> => (undici ??= import('undici'));

export class LazyAgent {
  /** The Agent, once a request needed it. */
  agent: Agent | undefined;
  private making: Promise<Agent> | undefined;
  private destroyed = false;
  private readonly make: (u: Undici) => Agent;

  constructor(make: (u: Undici) => Agent) {
    this.make = make;
  }

  /** The Agent, made now if no request needed it yet (destroyed at once when this one was: it reports that). */
  ready(): Promise<Agent> {
    return (this.making ??= loadUndici().then((u) => {
      const agent = this.make(u);
      this.agent = agent;
      if (this.destroyed) agent.destroy().catch(() => undefined);
      return agent;
    }));
  }

  async destroy(): Promise<void> {
    this.destroyed = true;
    await this.agent?.destroy();
  }
}
