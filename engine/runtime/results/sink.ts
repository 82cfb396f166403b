/**
 * A worker's raw-results sink: turns each counted request into a row, formats it once per output file and hands
 * the line to that file's AppendWriter. Batches are flushed by size, every FLUSH_EVERY_MS, and at close()
 * (the end of the worker's run, also after stop or abort). Rows of different workers are not in time order.
 */
import { performance } from 'node:perf_hooks';
import { formatLine } from './format.ts';
import { redactUrl } from './redact.ts';
import type { RawRow } from './row.ts';
import type { CompiledRequest } from '../compile/request.ts';
import type { ExchangeResult } from '../http/types.ts';
import type { ResultOutput } from '../prepare.ts';
import type { VirtualUser } from '../vu/virtual-user.ts';
import { AppendWriter, type WriterStats } from './append-writer.ts';
import type { RequestResults } from './hook.ts';

export const FLUSH_EVERY_MS = 250;
const NO_NAMES: readonly string[] = [];
const TIME_ORIGIN = performance.timeOrigin;

export class ResultsSink implements RequestResults {
  private readonly files: { writer: AppendWriter; line: (r: RawRow) => string }[];
  private readonly timer: NodeJS.Timeout;

  constructor(outputs: readonly ResultOutput[]) {
    this.files = outputs.map((o) => ({ writer: new AppendWriter(o.path), line: formatLine(o.format) }));
    this.timer = setInterval(() => {
      for (const f of this.files) f.writer.flush();
    }, FLUSH_EVERY_MS);
    this.timer.unref();
  }

  request(
    vu: VirtualUser,
    req: CompiledRequest,
    method: string,
    url: string,
    res: ExchangeResult,
    bytesSent: number,
  ): Promise<void> | undefined {
    const now = TIME_ORIGIN + performance.now();
    const row: RawRow = {
      timestamp: now - (res.blocked + res.duration) / 1000,
      scenario: req.scenario,
      group: req.group,
      request: req.name,
      method,
      url: redactUrl(url, req.auth?.in === 'query' ? [req.auth.name] : NO_NAMES),
      status: res.status,
      durationUs: res.duration,
      blockedUs: res.blocked,
      lookingUpUs: res.lookup,
      connectingUs: res.connecting,
      tlsHandshakingUs: res.tls,
      sendingUs: res.sending,
      waitingUs: res.waiting,
      receivingUs: res.receiving,
      bytesSent,
      bytesReceived: res.bytesReceived,
      errorKind: res.error?.kind,
      errorMessage: res.error?.message,
      vu: vu.id,
      iteration: vu.ctx.iter,
    };
    let wait: Promise<void> | undefined;
    for (const f of this.files) if (f.writer.add(f.line(row))) wait = waitFor(f.writer);
    return wait;
  }

  /** Writes what is left, closes the files, and says how each went. */
  async close(): Promise<WriterStats[]> {
    clearInterval(this.timer);
    return Promise.all(this.files.map((f) => f.writer.close()));
  }
}

async function waitFor(writer: AppendWriter): Promise<void> {
  const t = performance.now();
  await writer.drained();
  writer.waited(performance.now() - t);
}
