/** Mid-run changes: one row per phase and scenario, its target next to what it achieved (phase-text.ts words them). */
import type { Summary } from '../../metrics/summary.ts';
import { fmtMs, fmtPct, fmtRate } from '../format.ts';
import { achievedText, fellShort, phaseCause, phaseSpan, targetText } from '../phase-text.ts';
import { section, table, type Cell, type Column } from './html.ts';

const num = (label: string): Column => ({ label, num: true });

export function phasesHtml(s: Summary): string {
  const phases = s.control?.phases ?? [];
  if (phases.length === 0) return '';
  const head: Column[] = [
    'Phase',
    'Began with',
    num('Requests/s'),
    num('p(95)'),
    num('Failed'),
    'Scenario',
    'Target',
    'Achieved',
  ];
  const body = phases.flatMap((p) =>
    p.scenarios.map((sc, i): Cell[] => [
      ...(i === 0
        ? [phaseSpan(p), phaseCause(p), fmtRate(p.rps), p.p95 === null ? '–' : fmtMs(p.p95), fmtPct(p.failedRate)]
        : ['', '', '', '', '']),
      sc.name,
      targetText(sc),
      { value: achievedText(sc), cls: fellShort(sc) ? 'warn' : '' },
    ]),
  );
  const note =
    "Changed while running (pause, resume, scale): each scenario follows its plan until its first change. Changes apply at whole seconds, so each phase's numbers are its own seconds' samples.";
  return section('phases', 'Phases', table('Phases', head, body), note);
}
