/**
 * The correlation review: which proposals the user accepts (pre-set from `suggested`), and how a proposal's source
 * and uses read ("hidden input csrf_token", "#4 POST /login · form or body field csrf_token"). Pure.
 */
import type { CorrelationProposal, EntrySummary } from '../../../app/contract/recordings.ts';

type SourceWhere = CorrelationProposal['source']['where'];
type UseWhere = CorrelationProposal['uses'][number]['where'];

export const SOURCE_LABELS: Record<SourceWhere, string> = {
  json: 'JSON field',
  header: 'response header',
  'set-cookie': 'cookie',
  'html-input': 'hidden input',
  'html-meta': 'meta tag',
  location: 'redirect URL',
};

export const USE_LABELS: Record<UseWhere, string> = {
  url: 'URL path',
  query: 'query parameter',
  header: 'header',
  body: 'body field',
};

/** The ids pre-ticked: the suggested ones (correlations, or typed values to make unique). */
export function initialAccepted(list: readonly { id: string; suggested: boolean }[]): string[] {
  return list.filter((c) => c.suggested).map((c) => c.id);
}

/** Accepts or rejects one, keeping the proposals' order (stable ids, so re-proposing gives the same plan). */
export function setAccepted(
  accepted: readonly string[],
  list: readonly { id: string }[],
  id: string,
  on: boolean,
): string[] {
  const next = new Set(accepted);
  if (on) next.add(id);
  else next.delete(id);
  return list.map((c) => c.id).filter((x) => next.has(x));
}

/** "#4 POST /login": an entry as the review names it. */
export function entryLabel(id: number, entries: ReadonlyMap<number, EntrySummary>): string {
  const e = entries.get(id);
  return e ? `#${id} ${e.method} ${pathOf(e.url)}` : `#${id}`;
}

/** Where a value is produced: "hidden input csrf_token", "JSON field $.token". */
export function sourceText(c: CorrelationProposal): string {
  return c.source.name ? `${SOURCE_LABELS[c.source.where]} ${c.source.name}` : SOURCE_LABELS[c.source.where];
}

/** Where it is used: "header x-csrf-token", "URL path", "body field $.itemId (URL-encoded)". */
export function usageText(u: CorrelationProposal['uses'][number]): string {
  return `${USE_LABELS[u.where]}${u.name ? ` ${u.name}` : ''}${u.encoded ? ' (URL-encoded)' : ''}`;
}

/** The extraction the plan gets: `jsonPath: $.token`, `regex: …`. */
export function extractorText(extractor: Record<string, unknown>): string {
  return Object.entries(extractor)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

/** The path and query of a URL (the whole text when it is not one). */
export function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}
