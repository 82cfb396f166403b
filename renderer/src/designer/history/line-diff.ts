/**
 * A line diff (Myers' O((N+M)·D) algorithm) of two texts, as hunks with a few lines of context: what the revision
 * history shows between two revisions of a plan's YAML. Pure; gives up past `maxEdits` changed lines.
 */

export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string; oldNo: number | null; newNo: number | null };
export interface Hunk {
  lines: DiffLine[];
}
export type LineDiff =
  { hunks: Hunk[]; added: number; removed: number } | { tooLarge: true; added: number; removed: number };

/** The edit script from `a` to `b`: every line of both, in order, marked same/added/removed. */
function script(a: readonly string[], b: readonly string[], maxEdits: number): DiffLine[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0))
          ? (v[offset + k + 1] ?? 0)
          : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    v = next;
  }
  if (found < 0) return undefined;
  // Walk the trace back from (n, m) to (0, 0).
  const out: DiffLine[] = [];
  let x = n;
  let y = m;
  for (let d = found; d >= 0; d--) {
    const vd = trace[d] as Int32Array;
    const k = x - y;
    const down = k === -d || (k !== d && (vd[offset + k - 1] ?? 0) < (vd[offset + k + 1] ?? 0));
    const prevK = down ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : (vd[offset + prevK] ?? 0);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      out.push({ kind: 'same', text: a[x] as string, oldNo: x + 1, newNo: y + 1 });
    }
    if (d === 0) break;
    if (down) {
      y--;
      out.push({ kind: 'added', text: b[y] as string, oldNo: null, newNo: y + 1 });
    } else {
      x--;
      out.push({ kind: 'removed', text: a[x] as string, oldNo: x + 1, newNo: null });
    }
  }
  return out.reverse();
}

/** The changes from `before` to `after`, grouped into hunks with `context` unchanged lines around each. */
export function lineDiff(before: string, after: string, { context = 3, maxEdits = 4000 } = {}): LineDiff {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  const lines = script(a, b, maxEdits);
  if (!lines)
    return { tooLarge: true, added: Math.max(0, b.length - a.length), removed: Math.max(0, a.length - b.length) };
  const added = lines.filter((l) => l.kind === 'added').length;
  const removed = lines.filter((l) => l.kind === 'removed').length;
  const changed = lines.flatMap((l, i) => (l.kind === 'same' ? [] : [i]));
  const hunks: Hunk[] = [];
  let start = 0;
  for (let i = 1; i <= changed.length; i++) {
    // A gap of more than twice the context between two changes starts a new hunk.
    if (i < changed.length && (changed[i] as number) - (changed[i - 1] as number) <= 2 * context + 1) continue;
    const from = Math.max(0, (changed[start] as number) - context);
    const to = Math.min(lines.length, (changed[i - 1] as number) + context + 1);
    hunks.push({ lines: lines.slice(from, to) });
    start = i;
  }
  return { hunks, added, removed };
}
