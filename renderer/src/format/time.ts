/** Dates for people: local and short, with the exact ISO time kept for tooltips and <time dateTime>. */

const FULL = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });
const DAY_TIME = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A local date and time such as "Nov 21, 2025, 8:09:11 PM"; the input unchanged if it is not a date. */
export function fmtDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : FULL.format(d);
}

/** For table cells: only the time for today, otherwise day and minute ("Nov 21, 08:09 PM"). */
export function fmtDateTimeCompact(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toDateString() === now.toDateString() ? TIME.format(d) : DAY_TIME.format(d);
}
