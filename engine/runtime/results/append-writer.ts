/**
 * Appends whole lines to one raw-results file from one worker thread, in batches, with bounded memory.
 *
 * - Each line is encoded at once into a 64 KiB batch buffer (reused from a small pool), so no row is kept as a
 *   string and nothing the writer holds lives on the JavaScript heap. A full batch (or flush()) is queued and
 *   written with one write() on a descriptor opened with O_APPEND: several workers append to the same file and
 *   each write lands whole at the end, so lines never interleave (only a full disk makes a write short; the rest
 *   then follows in a second write).
 * - Writes are asynchronous (fs/promises, libuv thread pool), one in flight per file: the worker's event loop,
 *   which times every response, never waits for the disk. Measured on the 2-core build machine (2000 batches of
 *   64 KiB): writeSync took 17 µs at the median but up to 3-47 ms, and such a stall would be added to every
 *   response in flight; handing the batch to the thread pool took the worker 8 µs at the median. Per row, the
 *   worker spends ~1 µs formatting and encoding in isolation, ~3 µs in a run (5-8% of its CPU per request
 *   against a trivial local target, from a CPU profile).
 * - The queue is bounded: past HIGH_WATER bytes waiting, `add()` returns true and the caller makes its VU wait
 *   for `drained()` before its next request. A disk slower than the load then slows the load down, visibly
 *   (summary note), instead of memory growing or rows being dropped.
 * - A write error (disk full, file gone) does not stop the run: the error is kept, later rows are counted as
 *   lost, and the coordinator reports both in the summary notes.
 */
import { open, type FileHandle } from 'node:fs/promises';

export const BATCH_BYTES = 64 * 1024;
export const HIGH_WATER = 4 * 1024 * 1024;
/** Free batch buffers kept for reuse: enough that a steady run allocates none. */
const POOL = 4;

export interface WriterStats {
  path: string;
  /** Rows written to the file. */
  rows: number;
  /** Rows that could not be written (after a write error). */
  lost: number;
  bytes: number;
  error: string | undefined;
  /** Times a VU had to wait for this file, and for how long in all. */
  waits: number;
  waitedMs: number;
}

interface Batch {
  buf: Buffer;
  length: number;
  rows: number;
}

export class AppendWriter {
  readonly path: string;
  private readonly handle: Promise<FileHandle>;
  private current: Batch = { buf: Buffer.allocUnsafe(BATCH_BYTES), length: 0, rows: 0 };
  private readonly free: Buffer[] = [];
  private queue: Batch[] = [];
  private queuedBytes = 0;
  private pumping: Promise<void> | undefined;
  private drain: { promise: Promise<void>; resolve: () => void } | undefined;
  private readonly stats: WriterStats;

  constructor(path: string) {
    this.path = path;
    this.stats = { path, rows: 0, lost: 0, bytes: 0, error: undefined, waits: 0, waitedMs: 0 };
    this.handle = open(path, 'a');
    this.handle.catch(() => undefined); // reported by the first write
  }

  /** Adds one whole line; true when the queue is full and the caller should wait for drained(). */
  add(line: string): boolean {
    if (this.stats.error !== undefined) {
      this.stats.lost++;
      return false;
    }
    // A UTF-16 code unit takes at most 3 bytes in UTF-8: with that much room the line always fits whole.
    const room = line.length * 3;
    if (this.current.length + room > BATCH_BYTES) {
      this.flush();
      if (room > BATCH_BYTES) {
        // a line longer than a batch goes alone
        const buf = Buffer.from(line);
        this.enqueue({ buf, length: buf.length, rows: 1 });
        return this.queuedBytes >= HIGH_WATER;
      }
    }
    this.current.length += this.current.buf.write(line, this.current.length, room, 'utf8');
    this.current.rows++;
    return this.queuedBytes >= HIGH_WATER;
  }

  /** Queues the lines collected so far for writing. */
  flush(): void {
    if (this.current.rows === 0) return;
    const batch = this.current;
    if (batch.length < BATCH_BYTES / 4) {
      // a timer flush of a few rows: queue a copy of just them
      this.enqueue({ buf: Buffer.from(batch.buf.subarray(0, batch.length)), length: batch.length, rows: batch.rows });
      batch.length = batch.rows = 0;
      return;
    }
    this.current = { buf: this.free.pop() ?? Buffer.allocUnsafe(BATCH_BYTES), length: 0, rows: 0 };
    this.enqueue(batch);
  }

  /** Resolves when the queue is back under half its bound (or writing failed). */
  drained(): Promise<void> {
    if (this.queuedBytes < HIGH_WATER / 2 || this.stats.error !== undefined) return Promise.resolve();
    if (this.drain === undefined) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      this.drain = { promise, resolve };
    }
    return this.drain.promise;
  }

  /** A VU waited `ms` for this file. */
  waited(ms: number): void {
    this.stats.waits++;
    this.stats.waitedMs += ms;
  }

  /** Writes everything still buffered and closes the file. */
  async close(): Promise<WriterStats> {
    this.flush();
    while (this.pumping !== undefined) await this.pumping;
    try {
      await (await this.handle).close();
    } catch {
      /* open failed: already reported */
    }
    return { ...this.stats };
  }

  private enqueue(batch: Batch): void {
    this.queue.push(batch);
    this.queuedBytes += batch.length;
    this.pumping ??= this.pump();
  }

  private async pump(): Promise<void> {
    try {
      const fh = await this.handle;
      for (let batch = this.queue[0]; batch !== undefined; batch = this.queue[0]) {
        for (let off = 0; off < batch.length;) off += (await fh.write(batch.buf, off, batch.length - off)).bytesWritten;
        this.queue.shift();
        this.queuedBytes -= batch.length;
        this.stats.rows += batch.rows;
        this.stats.bytes += batch.length;
        if (batch.buf.length === BATCH_BYTES && this.free.length < POOL) this.free.push(batch.buf);
        if (this.queuedBytes < HIGH_WATER / 2) this.release();
      }
    } catch (e) {
      this.stats.error = (e as Error).message;
      for (const b of this.queue) this.stats.lost += b.rows;
      this.stats.lost += this.current.rows;
      this.queue = [];
      this.queuedBytes = 0;
      this.current.length = this.current.rows = 0;
      this.release();
    } finally {
      this.pumping = undefined;
    }
  }

  private release(): void {
    const d = this.drain;
    this.drain = undefined;
    d?.resolve();
  }
}
