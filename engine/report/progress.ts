/**
 * The live progress line: rewritten in place on a terminal; on a pipe (CI logs) one line every 10 seconds.
 * Written to stderr so stdout carries only the summary.
 */
import { isBusy } from '../runtime/generator-load.ts';
import type { RunInfo, Tick } from '../runtime/run-handle.ts';
import { fmtCount, fmtMs, fmtPct, fmtRate, paint, type Paint } from './format.ts';
import { ProtocolProgress } from './progress-protocols.ts';

export class Progress {
  private readonly out: NodeJS.WriteStream;
  private readonly tty: boolean;
  private readonly p: Paint;
  private live = false;
  /** Stalls already said (a tick lists all so far). */
  private stallsSaid = 0;
  private readonly protocols = new ProtocolProgress();

  constructor(out: NodeJS.WriteStream, color: boolean) {
    this.out = out;
    this.tty = out.isTTY === true;
    this.p = paint(color);
  }

  header(info: RunInfo, file: string | undefined, overrides: string | undefined): void {
    const lines = [
      '',
      `  ${this.p.bold('loadsmith')} · ${info.plan}${file ? this.p.dim(` (${file})`) : ''}${overrides ? this.p.dim(` · overridden by ${overrides}`) : ''}`,
      `  scenarios: ${info.scenarios.length} scenario${info.scenarios.length === 1 ? '' : 's'}, ${info.vusMax} max VUs, ${fmtMs(info.maxDurationMs)} max duration (incl. graceful stop), ${info.workers} worker thread${info.workers === 1 ? '' : 's'}:`,
      ...info.scenarios.map((s) => `    * ${s.name}: ${s.description}`),
      '',
    ];
    this.out.write(`${lines.join('\n')}\n`);
  }

  /**
   * `plannedEndMs`: when the plan ends without its graceful stops (planned-end.ts), the total the line shows; past
   * it, iterations still finishing may take until info.maxDurationMs, and the line says so.
   */
  tick(t: Tick, info: RunInfo, plannedEndMs: number): void {
    const stalls = t.live.stalls ?? [];
    for (; this.stallsSaid < stalls.length; this.stallsSaid++)
      this.note(`! stall: ${stalls[this.stallsSaid]?.message ?? ''}`);
    const errRate = t.totals.reqs > 0 ? t.totals.failed / t.totals.reqs : 0;
    // Open model: iterations started vs due in the last second shows whether the generator keeps its schedule.
    const arrival =
      t.scheduled > 0
        ? `, started ${fmtCount(t.started)}/${fmtCount(t.scheduled)} due${t.dropped ? ` (${fmtCount(t.dropped)} dropped)` : ''}`
        : '';
    const total =
      t.elapsedMs <= plannedEndMs || plannedEndMs >= info.maxDurationMs
        ? fmtMs(plannedEndMs)
        : `${fmtMs(plannedEndMs)}, graceful stop: at most ${fmtMs(info.maxDurationMs)}`;
    const text = `running (${fmtMs(t.elapsedMs)}/${total}), ${t.vus}/${t.vusMax} VUs, ${fmtRate(t.rps)}, p(95)=${t.latency ? fmtMs(t.latency.p95) : '-'}, failed ${fmtPct(errRate)}, ${fmtCount(t.totals.reqs)} requests, ${fmtCount(t.totals.iterations)} iterations${arrival}${this.protocols.text(t)}`;
    const failing = t.thresholds.filter((x) => !x.ok).length;
    const busy = isBusy(t.generator)
      ? this.p.yellow(` · generator busy (${Math.round(Math.max(t.generator.elu, t.generator.cpu) * 100)}%)`)
      : '';
    // Paused mid-run (loadsmith pause): the time still runs, nothing new starts.
    const paused = t.control?.paused ? this.p.yellow(' · paused') : '';
    const suffix =
      paused + (failing > 0 ? this.p.red(` · ${failing} threshold${failing === 1 ? '' : 's'} failing`) : '') + busy;
    if (this.tty) {
      this.out.write(`\r\x1b[2K  ${text}${suffix}`);
      this.live = true;
    } else if (Math.round(t.elapsedMs / 1000) % 10 === 0) {
      this.out.write(`  ${text}${suffix}\n`);
    }
  }

  /** A plain line between progress updates (e.g. where metrics are streamed). */
  line(text: string): void {
    this.clear();
    this.out.write(`  ${this.p.dim(text)}\n`);
  }

  /** A message between progress updates (e.g. "stopping gracefully"). */
  note(text: string): void {
    this.clear();
    this.out.write(`  ${this.p.yellow(text)}\n`);
  }

  clear(): void {
    if (this.live) {
      this.out.write('\r\x1b[2K');
      this.live = false;
    }
  }
}
