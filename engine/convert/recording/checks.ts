/**
 * The checks a recorded step gets: what tells the application did what the user saw it do, not only that the
 * server answered. The recorded status; for a redirect, where it sent the user (a login that fails or a form the
 * application refuses answers 200 with the form again); for a page, a text that identifies it (its title, else
 * its first heading), so a replay that lands on another page (the login form, an error page) fails.
 */
import type { Check } from '../../plan/schema/index.ts';
import { literal } from '../draft.ts';
import { recordedLocation } from './location.ts';
import { bodyText, mimeOf, type RecordedExchange } from './types.ts';
import { escapeRegex } from './values.ts';

/** The engine keeps response bodies up to this size by default (defaults.http.maxBodySize). */
const MAX_PAGE_BYTES = 10 * 1024 * 1024;

/** Status, then the redirect's Location or the page's marker; [] when no response was recorded. */
export function recordedChecks(last: RecordedExchange): Check[] {
  if (last.status < 100) return [];
  const checks: Check[] = [{ status: last.status }];
  const location = recordedLocation(last);
  if (location) {
    checks.push(
      location.dynamic || location.absolute
        ? { header: 'Location', matches: location.pattern }
        : { header: 'Location', equals: literal(location.raw) },
    );
  } else {
    const marker = pageMarker(last);
    if (marker) checks.push(marker);
  }
  return checks;
}

/** A body check for the page's title or first heading, when the recorded response is an HTML page with a stable one. */
export function pageMarker(x: RecordedExchange): Check | undefined {
  if (x.status < 200 || x.status >= 300 || !/html/.test(mimeOf(x.responseHeaders))) return undefined;
  if (!x.responseBody || x.responseBody.truncated || x.responseBody.size > MAX_PAGE_BYTES) return undefined;
  const html = bodyText(x.responseBody);
  const text = [/<title\b[^>]*>([^<]*)<\/title>/i, /<h1\b[^>]*>([\s\S]*?)<\/h1>/i]
    .map((re) => longestText(re.exec(html)?.[1] ?? ''))
    .find(isStable);
  if (text === undefined) return undefined;
  // Pages break a long title over lines: the words in order, whatever the spaces between them.
  return /\s\s|[\t\n\r]/.test(text)
    ? { body: { matches: text.split(/\s+/).map(escapeRegex).join('\\s+') } }
    : { body: { contains: literal(text) } };
}

/** The longest run of text between tags (a heading often wraps a link), trimmed. */
function longestText(inner: string): string {
  return (
    inner
      .split(/<[^>]*>/)
      .map((s) => s.trim())
      .sort((a, b) => b.length - a.length)[0] ?? ''
  );
}

/** Text a page shows the same on every run: not empty, not long, without numbers (counts, ids, dates). */
function isStable(text: string): boolean {
  return text.length >= 2 && text.length <= 200 && !/\d{2}/.test(text) && /[A-Za-z\u00c0-\uffff]/.test(text);
}
