/**
 * The recording in progress: its proxy, the browsers launched for it, and every finished exchange stored (linked
 * to the redirect that led to it) and announced as a `recording.entry` event. One recording at a time.
 */
import { RedirectLinker } from 'loadsmith/convert';
import type { EventBus } from '../services/context.ts';
import type { Store } from '../store/types.ts';
import { loadOrCreateCa, type RecorderCa } from './ca.ts';
import { launchChromium, type LaunchedBrowser } from './launch.ts';
import { startProxy, type RecordingProxy } from './proxy.ts';
import { summarize, toEntrySummary } from './summary.ts';

export interface RecorderDeps {
  store: Store;
  events: EventBus;
  dataDir: string;
  now: () => Date;
  newId: () => string;
  onStateChange: (id: string) => void;
}

export interface StartOptions {
  name?: string;
  port?: number;
  upstreamProxy?: string;
  insecureHosts?: string[];
  allowHosts?: string[];
}

interface Active {
  id: string;
  proxy: RecordingProxy;
  browsers: Map<number, LaunchedBrowser>;
}

export class RecorderBusyError extends Error {}

export class Recorder {
  private readonly deps: RecorderDeps;
  private active: Active | undefined;
  private ca: Promise<RecorderCa> | undefined;

  constructor(deps: RecorderDeps) {
    this.deps = deps;
  }

  /** The CA, created on first use. */
  certificateAuthority(): Promise<RecorderCa> {
    this.ca ??= loadOrCreateCa(this.deps.dataDir).catch((e: unknown) => {
      this.ca = undefined;
      throw e;
    });
    return this.ca;
  }

  async start(o: StartOptions): Promise<{ id: string; proxy: RecordingProxy; ca: RecorderCa }> {
    if (this.active)
      throw new RecorderBusyError(
        `recording ${this.active.id} is in progress on ${this.active.proxy.url}: stop it before starting another`,
      );
    const { store, events } = this.deps;
    const ca = await this.certificateAuthority();
    const id = this.deps.newId();
    const linker = new RedirectLinker();
    let started = false;
    const proxy = await startProxy({ ca, ...o }, ({ exchange }) => {
      if (!started) return;
      const linked = linker.link(exchange);
      if (linked !== undefined) exchange.redirectFrom = linked;
      try {
        const summary = summarize(exchange);
        store.recordings.addEntry(id, summary, exchange);
        events.emit('recording.entry', { recordingId: id, entry: toEntrySummary(summary) });
      } catch (e) {
        console.warn(`recording ${id}: entry ${exchange.id} was not stored: ${(e as Error).message}`);
      }
    });
    const name = o.name ?? `Recording ${this.deps.now().toISOString().slice(0, 16).replace('T', ' ')}`;
    store.recordings.create({
      id,
      name,
      source: 'proxy',
      startedAt: this.deps.now().toISOString(),
      options: storedOptions(o),
    });
    started = true;
    this.active = { id, proxy, browsers: new Map() };
    this.deps.onStateChange(id);
    return { id, proxy, ca };
  }

  /** False when that recording is not the one in progress. */
  async stop(id: string): Promise<boolean> {
    const a = this.active;
    if (!a || a.id !== id) return false;
    this.active = undefined;
    await Promise.all([...a.browsers.values()].map((b) => b.close()));
    await a.proxy.stop();
    this.deps.store.recordings.stop(id);
    this.deps.onStateChange(id);
    return true;
  }

  async launchBrowser(
    id: string,
    executable: string,
    o: { startUrl?: string; headless?: boolean },
  ): Promise<LaunchedBrowser> {
    const a = this.active;
    if (!a || a.id !== id)
      throw new RecorderBusyError(`recording ${id} is not in progress: start a recording, then launch the browser`);
    const ca = await this.certificateAuthority();
    const browser = await launchChromium({
      executable,
      proxyUrl: a.proxy.url,
      spkiFingerprint: ca.spkiFingerprint,
      ...o,
    });
    a.browsers.set(browser.pid, browser);
    void browser.exited.then(() => {
      if (a.browsers.delete(browser.pid) && this.active === a) this.deps.onStateChange(id);
    });
    this.deps.onStateChange(id);
    return browser;
  }

  /** The proxy and open browsers of a recording in progress. */
  state(id: string): { proxyUrl: string; browsers: { pid: number; path: string }[] } | undefined {
    const a = this.active;
    if (!a || a.id !== id) return undefined;
    return { proxyUrl: a.proxy.url, browsers: [...a.browsers.values()].map((b) => ({ pid: b.pid, path: b.path })) };
  }

  /** Where the recording in progress listens, if one is. */
  proxyUrl(): string | null {
    return this.active?.proxy.url ?? null;
  }

  async close(): Promise<void> {
    if (this.active) await this.stop(this.active.id);
  }
}

/** What the recording keeps of its options: the upstream proxy's password is not stored. */
function storedOptions(o: StartOptions): Record<string, unknown> {
  let upstream: string | null = null;
  if (o.upstreamProxy) {
    try {
      const u = new URL(o.upstreamProxy);
      if (u.password) u.password = 'REDACTED';
      upstream = u.href;
    } catch {
      upstream = '(invalid URL)';
    }
  }
  return {
    port: o.port ?? null,
    upstreamProxy: upstream,
    insecureHosts: o.insecureHosts ?? [],
    allowHosts: o.allowHosts ?? [],
  };
}
