/**
 * "Did you mean ...?" for typos in keys and names. Suggestions are a courtesy, so their cost is bounded: words
 * longer than MAX_SUGGESTED_LENGTH get none, candidates too different in length are skipped unseen, distances
 * stop as soon as they cannot win, and a validation shares one budget of work (see withSuggestionBudget).
 */
/** Longest word that gets a "did you mean" suggestion: nobody misspells a 64-character key by one letter. */
const MAX_SUGGESTED_LENGTH = 64;

/** Work one call may do: a candidate looked at costs 1, a cell of the distance table 1. */
const WORK_PER_CALL = 200_000;

let budget = Infinity;

/**
 * Runs `fn` with at most `work` units of suggestion work in total (then messages come without suggestions),
 * so that a plan with thousands of misspellings among thousands of names stays linear to validate.
 */
export function withSuggestionBudget<T>(work: number, fn: () => T): T {
  const saved = budget;
  budget = work;
  try {
    return fn();
  } finally {
    budget = saved;
  }
}

export function closest(word: string, candidates: Iterable<string>): string | undefined {
  if (word.length === 0 || word.length > MAX_SUGGESTED_LENGTH || budget <= 0) return undefined;
  const w = word.toLowerCase();
  let allowed = Math.max(1, Math.floor(word.length / 3));
  const granted = Math.min(WORK_PER_CALL, budget);
  let work = granted;
  let best: string | undefined;
  for (const c of candidates) {
    work -= 1;
    // The distance is at least the difference in length.
    if (Math.abs(c.length - w.length) <= allowed) {
      work -= w.length * c.length;
      if (work < 0) break;
      const d = distance(w, c.toLowerCase(), allowed);
      // Only a strictly closer candidate can replace the first best one.
      if (d <= allowed) {
        best = c;
        allowed = d - 1;
      }
      if (allowed < 0) break;
    }
    if (work < 0) break;
  }
  budget -= granted - Math.max(work, 0);
  return best;
}

export function didYouMean(word: string, candidates: Iterable<string>): string {
  const c = closest(word, candidates);
  return c ? ` (did you mean '${c}'?)` : '';
}

/**
 * Optimal string alignment distance (insertions, deletions, substitutions, swaps of neighbours: PSOT -> POST),
 * or more than `max` once it is sure to exceed it (a row's minimum never decreases). Three rows, not a table.
 */
function distance(a: string, b: string, max: number): number {
  let older = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (older[j - 2] as number) + 1);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [older, prev, row] = [prev, row, older];
  }
  return prev[b.length] as number;
}
