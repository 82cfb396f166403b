/**
 * A worker's per-second series as one buffer instead of an object each. With 10,000 request names a second's sample
 * was ~10,000 series objects, their histograms and base64 strings, ~2.5 MB built at once and alive until posted:
 * more than a worker's nursery, so promoted and collected by the old generation, whose heap then peaked ~8 MB above
 * what it held (4 workers: ~30 MB of RSS). Packed, a second is one ArrayBuffer (outside the heap, and transferred,
 * not copied, to the coordinator), which unpacks it into the same series objects a sample had (sample.ts).
 *
 * Layout, little-endian: a header (MAGIC, series count n, phase count k, then k phase numbers, one byte each, as
 * indexes into PHASES), then n rows of five float64 (key number, reqs, failed, sent, received), then for each phase
 * in the header's order, for each series in row order, a histogram: five float64 (count, sum, min, max, clamped), a
 * uint32 byte length, and that many bytes of its HdrHistogram V2 counts buffer (histogram.ts, toJSON's `counts`).
 */
import type { Histogram } from './histogram.ts';
import { PHASES, type Phase } from './request-phases.ts';
import type { WireSample } from './sample.ts';

const MAGIC = 0x3150_534c; // "LSP1"
const ROW_FIELDS = 5;
const HIST_FIELDS = 5;

/** Packs one second's series (MetricsRecorder.flush): rows first, then the histograms phase by phase. */
export class SeriesPacker {
  private bytes = new Uint8Array(64 * 1024);
  private view = new DataView(this.bytes.buffer);
  private pos = 0;

  /** Starts a second of `count` series carrying these phases' histograms. */
  begin(count: number, phases: readonly Phase[]): void {
    this.pos = 0;
    this.reserve(12 + phases.length + count * ROW_FIELDS * 8);
    this.u32(MAGIC);
    this.u32(count);
    this.u32(phases.length);
    for (const p of phases) this.bytes[this.pos++] = PHASES.indexOf(p);
  }

  /** A series by the number the coordinator knows it by (series-keys.ts). */
  series(id: number, reqs: number, failed: number, sent: number, received: number): void {
    this.f64(id);
    this.f64(reqs);
    this.f64(failed);
    this.f64(sent);
    this.f64(received);
  }

  histogram(h: Histogram): void {
    const counts = h.countsBytes();
    this.reserve(HIST_FIELDS * 8 + 4 + counts.byteLength);
    this.f64(h.count);
    this.f64(h.sum);
    this.f64(h.min);
    this.f64(h.max);
    this.f64(h.clampedCount);
    this.u32(counts.byteLength);
    this.bytes.set(counts, this.pos);
    this.pos += counts.byteLength;
  }

  /** The packed second, a buffer of its own (to transfer), or undefined when nothing was begun since the last. */
  take(): ArrayBuffer | undefined {
    if (this.pos === 0) return undefined;
    const out = this.bytes.buffer.slice(0, this.pos);
    this.pos = 0;
    return out;
  }

  private u32(n: number): void {
    this.view.setUint32(this.pos, n, true);
    this.pos += 4;
  }

  private f64(n: number): void {
    this.view.setFloat64(this.pos, n, true);
    this.pos += 8;
  }

  private reserve(more: number): void {
    if (this.pos + more <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.pos + more, this.bytes.length * 2));
    grown.set(this.bytes.subarray(0, this.pos));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
}

/** A series as it crosses from a worker: its key is the worker's number for it (series-keys.ts). */
type PackedSeries = Record<string, unknown> & { key: number };

/** The series of a packed second as sample objects (histograms with base64 counts), or what is wrong with it. */
export function unpackSeries(buffer: ArrayBuffer): PackedSeries[] | string {
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  let pos = 0;
  const need = (n: number): void => {
    if (pos + n > buffer.byteLength) throw new RangeError(`packed series end early, at byte ${buffer.byteLength}`);
  };
  const f64 = (): number => {
    need(8);
    const v = view.getFloat64(pos, true);
    pos += 8;
    return v;
  };
  const u32 = (): number => {
    need(4);
    const v = view.getUint32(pos, true);
    pos += 4;
    return v;
  };
  try {
    if (u32() !== MAGIC) return 'packed series do not start as packed series do';
    const count = u32();
    const phaseCount = u32();
    need(phaseCount);
    const phases: Phase[] = [];
    for (let k = 0; k < phaseCount; k++) {
      const p = PHASES[bytes[pos++]!];
      if (p === undefined) return `packed series name phase ${bytes[pos - 1]}, which does not exist`;
      phases.push(p);
    }
    need(count * ROW_FIELDS * 8);
    const rows = pos;
    pos += count * ROW_FIELDS * 8;
    // One Buffer over the whole second: each histogram's counts become base64 without a Buffer object of their own.
    const whole = Buffer.from(buffer);
    const histogram = (): Record<string, unknown> => {
      const count = f64();
      const sum = f64();
      const min = f64();
      const max = f64();
      const clamped = f64();
      const length = u32();
      need(length);
      const counts = whole.toString('base64', pos, pos + length);
      pos += length;
      return { v: 1, count, sum, min, max, clamped, counts };
    };
    // Each series object is made whole, with its first phase's histogram (`duration`): a property added later would
    // give every series a property array of its own, ~40,000 a second at 10,000 names and four workers.
    const series: PackedSeries[] = [];
    const row = (i: number, k: number): number => view.getFloat64(rows + (i * ROW_FIELDS + k) * 8, true);
    const first = phases[0];
    for (let i = 0; i < count; i++) {
      const key = row(i, 0);
      const reqs = row(i, 1);
      const failed = row(i, 2);
      const sent = row(i, 3);
      const received = row(i, 4);
      series.push(
        first === 'duration'
          ? { key, reqs, failed, sent, received, duration: histogram() }
          : { key, reqs, failed, sent, received },
      );
    }
    for (const phase of first === 'duration' ? phases.slice(1) : phases) for (const s of series) s[phase] = histogram();
    if (pos !== buffer.byteLength) return `packed series have ${buffer.byteLength - pos} bytes too many`;
    return series;
  } catch (e) {
    return (e as Error).message;
  }
}

/** A sample as a worker posts it: its series may come packed in one buffer (series-pack.ts), transferred. */
export type PackedWireSample = WireSample & { packed?: ArrayBuffer };

/**
 * The sample with its packed series unpacked after those sent as objects, or what is wrong with them; `raw` is what
 * the coordinator received (not yet validated: WireSample checks the result).
 */
export function unpackWire(raw: unknown): { wire: unknown } | string {
  if (typeof raw !== 'object' || raw === null || !('packed' in raw)) return { wire: raw };
  const { packed, ...rest } = raw as { packed: unknown; series?: unknown };
  if (!(packed instanceof ArrayBuffer)) return 'packed series must be an ArrayBuffer';
  const series = unpackSeries(packed);
  // Unpacked, the buffer is not read again: detached, its memory is freed now, not when a collection finds it.
  packed.transfer(0);
  if (typeof series === 'string') return series;
  return {
    wire: { ...rest, series: Array.isArray(rest.series) ? [...(rest.series as unknown[]), ...series] : series },
  };
}
