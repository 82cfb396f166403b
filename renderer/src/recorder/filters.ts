/**
 * The capture list's filter as typed (host lists as text) and as the contract's EntryFilter, applied with the
 * contract's own `entryMatches`: the live list shows exactly what `recordings.entries` would return.
 */
import { entryMatches, type EntryFilter, type EntrySummary } from '../../../app/contract/recordings.ts';

export interface FilterState {
  hideStatic: boolean;
  /** Host names separated by commas or spaces: `example.com, *.cdn.example.com`. */
  includeHosts: string;
  excludeHosts: string;
  search: string;
}

export const NO_FILTER: FilterState = { hideStatic: false, includeHosts: '', excludeHosts: '', search: '' };

/** The host names in a text: split on commas, semicolons and white space, without blanks or repeats (100 at most). */
export function parseHosts(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((h) => h.trim())
        .filter(Boolean),
    ),
  ].slice(0, 100);
}

export function toEntryFilter(f: FilterState): EntryFilter {
  const include = parseHosts(f.includeHosts);
  const exclude = parseHosts(f.excludeHosts);
  const search = f.search.trim().slice(0, 500);
  return {
    ...(f.hideStatic ? { hideStatic: true } : {}),
    ...(include.length > 0 ? { includeHosts: include } : {}),
    ...(exclude.length > 0 ? { excludeHosts: exclude } : {}),
    ...(search ? { search } : {}),
  };
}

export function applyFilter(entries: readonly EntrySummary[], f: FilterState): EntrySummary[] {
  const filter = toEntryFilter(f);
  if (Object.keys(filter).length === 0) return [...entries];
  return entries.filter((e) => entryMatches(e, filter));
}

export function isFiltering(f: FilterState): boolean {
  return Object.keys(toEntryFilter(f)).length > 0;
}

/** The recorded hosts, most entries first: suggestions for the host fields. */
export function recordedHosts(entries: readonly EntrySummary[]): string[] {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.host, (counts.get(e.host) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([h]) => h);
}
