/** A recording's entries as they arrive: the first load and the live `recording.entry` events merged, in id order, each once. */
import type { EntrySummary } from '../../../app/contract/recordings.ts';

/**
 * `list` with `incoming` added (an entry already there is replaced). Entries are stored as their responses end, so
 * ids can arrive out of order; the usual case (newer ids only) is a plain append.
 */
export function mergeEntries(list: readonly EntrySummary[], incoming: readonly EntrySummary[]): EntrySummary[] {
  if (incoming.length === 0) return [...list];
  let last = list.at(-1)?.id ?? 0;
  const appendOnly = incoming.every((e) => {
    const ok = e.id > last;
    last = e.id;
    return ok;
  });
  if (appendOnly) return [...list, ...incoming];
  const byId = new Map(list.map((e) => [e.id, e]));
  for (const e of incoming) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
