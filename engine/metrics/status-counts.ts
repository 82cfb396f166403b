/**
 * Counts by HTTP status code (`{ "200": 3, "503": 1 }`) as plain objects sized to what they hold. V8 keeps an
 * object's integer-like keys as array elements: `counts['200'] = n` on an empty object makes room for indexes 0 to
 * ~316 (2.6 KB; `'503'` first, ~6 KB). A summary paid that once per request name (26 MB for 10,000 names, at the
 * end of the run when memory peaks) and the timeline once per second. Here counts are summed in a Map and the object
 * is made by JSON.parse, which sizes its elements to the keys it reads (~200 bytes for one status).
 */

/** Sums counts by status code; `toObject()` gives them as a compact plain object. */
export class StatusCounts {
  private readonly counts = new Map<string, number>();

  add(code: string | number, n: number): void {
    const key = String(code);
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }

  addAll(counts: Readonly<Record<string, number>>): void {
    for (const [code, n] of Object.entries(counts)) this.add(code, n);
  }

  toObject(): Record<string, number> {
    let text = '';
    for (const [code, n] of this.counts)
      text += `${text === '' ? '' : ','}${JSON.stringify(code)}:${JSON.stringify(n)}`;
    return JSON.parse(`{${text}}`) as Record<string, number>;
  }
}

/** `a` and `b` summed, as a compact object. */
export function sumStatusCounts(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
): Record<string, number> {
  const sum = new StatusCounts();
  sum.addAll(a);
  sum.addAll(b);
  return sum.toObject();
}
