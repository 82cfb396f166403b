/** A change from the baseline: Δ and Δ%, coloured by verdict and marked with a symbol (colour is not the only cue). */
import type { KeyUnit } from 'loadsmith/report';
import { fmtAbsDelta, fmtRelDelta } from './format.ts';
import type { Change, Verdict } from './verdict.ts';

const MARK: Record<Verdict, { symbol: string; words: string }> = {
  better: { symbol: '✓', words: 'improvement' },
  worse: { symbol: '✗', words: 'regression' },
  same: { symbol: '=', words: 'no change' },
  neutral: { symbol: '', words: 'a change of volume, neither better nor worse' },
};

/** "✗ +12ms · +10.0%" with the verdict spelled out for screen readers (and in the tooltip). */
export function ChangeText({ unit, change }: { unit: KeyUnit; change: Change }) {
  if (!change.delta || !change.verdict) return <span className="change muted">no change to show</span>;
  const mark = MARK[change.verdict];
  return (
    <span className={`change change-${change.verdict}`} title={mark.words} data-verdict={change.verdict}>
      {mark.symbol !== '' && <span aria-hidden="true">{mark.symbol} </span>}
      <span className="change-abs">{fmtAbsDelta(unit, change.delta)}</span>
      {' · '}
      <span className="change-rel">{fmtRelDelta(change.delta)}</span>
      <span className="visually-hidden"> ({mark.words})</span>
    </span>
  );
}

/** "↑" or "↓" after a metric's name: which way is better (nothing for a volume). */
export function BetterHint({ better }: { better: 'higher' | 'lower' | 'neither' }) {
  if (better === 'neither') return null;
  return (
    <span className="better-hint muted" title={`${better} is better`}>
      <span aria-hidden="true"> {better === 'higher' ? '↑' : '↓'}</span>
      <span className="visually-hidden"> ({better} is better)</span>
    </span>
  );
}
