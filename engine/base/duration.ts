/**
 * Durations as users write them in plans and on the command line: `500ms`, `30s`, `1m30s`, `2h`, `1.5s`.
 * Plans keep the text (so an exported plan reads as it was written); the runtime works in milliseconds.
 */
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/y;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * The longest duration a plan or an option may give: 30 days (720h). Soak tests of days run (timers chain past
 * Node's 596.5 h limit: engine/runtime/timers.ts); a longer value is taken for a typo (`3000000s`) and refused.
 */
export const MAX_DURATION_MS = 720 * 3_600_000;

/** What to tell a user whose duration is over MAX_DURATION_MS. */
export const DURATION_LIMIT_HINT = 'a duration of at most 720h (30 days): split a longer test into several runs';

/** True for a duration over MAX_DURATION_MS (false for text that is not a duration: that is another error). */
export function overDurationLimit(text: string): boolean {
  return (parseDuration(text) ?? 0) > MAX_DURATION_MS;
}

/** The JSON Schema / zod pattern for a duration string. */
export const DURATION_PATTERN = '^(0|(\\d+(\\.\\d+)?(ms|s|m|h))+)$';

/** Parses a duration to milliseconds, or returns undefined when the text is not a duration. */
export function parseDuration(text: string): number | undefined {
  const s = text.trim();
  if (s === '0') return 0;
  if (s === '') return undefined;
  PART.lastIndex = 0;
  let total = 0;
  while (PART.lastIndex < s.length) {
    const m = PART.exec(s);
    if (!m) return undefined;
    total += Number(m[1]) * (UNIT_MS[m[2] as string] as number);
  }
  return total;
}

/** Like parseDuration, but throws a user-facing error naming where the value came from. */
export function durationMs(text: string, where: string): number {
  const ms = parseDuration(text);
  if (ms === undefined) throw new Error(`${where}: '${text}' is not a duration; write e.g. 500ms, 30s or 1m30s`);
  return ms;
}

/** Formats milliseconds the way k6 does in summaries: 1m30s, 2.5s, 450ms (rounded first, so 59.99s is 1m0s). */
export function formatDuration(ms: number): string {
  const tenths = Math.round(ms / 100); // 0.1 s steps above a second
  if (ms < 1000 && Math.round(ms) < 1000) return `${Math.round(ms)}ms`;
  const h = Math.floor(tenths / 36_000);
  const m = Math.floor((tenths % 36_000) / 600);
  const s = (tenths % 600) / 10;
  const sText = `${Number.isInteger(s) ? s : s.toFixed(1)}s`;
  if (h > 0) return `${h}h${m}m${sText}`;
  if (m > 0) return `${m}m${sText}`;
  return sText;
}
