/**
 * The report's header: which plan, the verdict and why the run stopped, when it ran, with which Loadsmith, and how
 * healthy the load generator was — a saturated generator makes every other number suspect, so it is shouted.
 */
import type { Summary } from '../../metrics/summary.ts';
import { fmtMs, fmtPct } from '../format.ts';
import { h } from './html.ts';

const STOPPED_BY: Record<Summary['stoppedBy'], string> = {
  completed: 'completed',
  stopped: 'stopped early by the user',
  aborted: 'aborted by the user',
  threshold: 'aborted by a threshold (abortOnFail)',
  error: 'stopped by an error',
  setup: 'setup failed: no scenario started',
};

/** `2026-11-21 21:02:20 UTC` from an ISO timestamp (the report must read the same wherever it is opened). */
export function fmtTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** True when the run's notes say the generator itself was the bottleneck. */
export function generatorSaturated(s: Summary): boolean {
  return s.notes.some((n) => /saturated/i.test(n));
}

function verdict(s: Summary): string {
  const failed = s.thresholds.filter((t) => !t.ok).length;
  const why =
    s.stoppedBy === 'setup' || s.stoppedBy === 'error'
      ? STOPPED_BY[s.stoppedBy]
      : s.thresholds.length === 0
        ? 'no thresholds'
        : failed > 0
          ? `${failed} of ${s.thresholds.length} thresholds failed`
          : `all ${s.thresholds.length} thresholds passed`;
  const cls = s.status === 'passed' ? 'ok' : 'bad';
  return `<p class="verdict ${cls}" data-key="status"><strong>${s.status === 'passed' ? '✓ PASSED' : '✗ FAILED'}</strong> <span>(${h(why)})</span></p>`;
}

/** The header: title, verdict, run metadata, generator health, stalls a closed model hid, and notes. */
export function headerHtml(s: Summary, title: string): string {
  const g = s.generator;
  const meta: [string, string][] = [
    ['Plan', s.plan.name],
    ...(s.plan.file ? [['File', s.plan.file] as [string, string]] : []),
    ['Stopped by', STOPPED_BY[s.stoppedBy] ?? s.stoppedBy],
    ['Started', fmtTime(s.startedAt)],
    ['Ended', fmtTime(s.endedAt)],
    ['Duration', fmtMs(s.durationMs)],
    ['Loadsmith', `${s.tool.version} (Node ${s.tool.node})`],
    ['Generator', `${g.workers} worker${g.workers === 1 ? '' : 's'} on ${g.cpus} core${g.cpus === 1 ? '' : 's'}`],
    [
      'Generator load',
      `CPU avg ${fmtPct(g.cpuAvg)}, max ${fmtPct(g.cpuMax)} · event loop busy max ${fmtPct(g.eluMax)} · loop delay p(99) max ${fmtMs(g.loopDelayP99MaxMs)}`,
    ],
  ];
  // The generator line is long: it gets a wider cell instead of wrapping into a narrow column.
  const dl = meta
    .map(([k, v]) => `<div${k === 'Generator load' ? ' class="wide"' : ''}><dt>${h(k)}</dt><dd>${h(v)}</dd></div>`)
    .join('');
  const warn = generatorSaturated(s)
    ? '<div class="callout warn" role="alert" data-warning="generator-saturated"><strong>The load generator was saturated.</strong> ' +
      'Throughput and latency may be limited by Loadsmith rather than by the target; see the notes below.</div>'
    : '';
  const stalls =
    (s.stalls ?? []).length > 0
      ? `<div class="callout warn" role="alert" data-warning="hidden-stall"><strong>The target stalled; closed-model percentiles understate it.</strong><ul>${(s.stalls ?? []).map((st) => `<li>${h(st.message)}</li>`).join('')}</ul></div>`
      : '';
  const notes =
    s.notes.length > 0
      ? `<div class="callout notes" aria-label="Notes"><strong>Notes</strong><ul>${s.notes.map((n) => `<li>${h(n)}</li>`).join('')}</ul></div>`
      : '';
  return (
    `<header class="report-header"><p class="brand">Loadsmith run report</p><h1>${h(title)}</h1>${verdict(s)}` +
    `<dl class="meta">${dl}</dl>${warn}${stalls}${notes}</header>`
  );
}
