/**
 * Values a response produced that a later request may send back: JSON fields, response headers, cookies, hidden
 * form inputs, CSRF meta tags, parts of the URL a redirect led to, and a redirect's Location when the plan sees
 * it. Each comes with the extraction that gets it again on a replay, checked against the recorded response with
 * the engine's own extractor.
 */
import type { Extractor } from '../../plan/schema/index.ts';
import { compileExtractor } from '../../runtime/extract.ts';
import { ResponseView } from '../../runtime/response.ts';
import type { Candidate } from './candidate.ts';
import { htmlCandidates } from './html-candidates.ts';
import { recordedLocation } from './location.ts';
import type { RecordedStep } from './steps.ts';
import { bodyText, mimeOf, type RecordedExchange } from './types.ts';
import { escapeRegex, isTokenLike, isTokenName } from './values.ts';

/** Headers every response has; their values are never a session's data. */
const PLAIN_HEADERS =
  /^(date|content-(length|type|encoding|language|security-policy.*)|server|etag|last-modified|cache-control|expires|vary|age|via|connection|keep-alive|transfer-encoding|accept-ranges|strict-transport-security|x-(content-type-options|frame-options|xss-protection|powered-by)|referrer-policy|permissions-policy|access-control-.*|alt-svc|link|location|set-cookie|report-to|nel|server-timing|timing-allow-origin|cross-origin-.*)$/i;

export function candidatesOf(step: RecordedStep): Candidate[] {
  const x = step.last;
  const out: Candidate[] = [];
  const mime = mimeOf(x.responseHeaders);
  const text = x.responseBody?.truncated ? '' : bodyText(x.responseBody);
  if (text !== '' && (mime.includes('json') || /^\s*[[{]/.test(text))) out.push(...jsonCandidates(text));
  if (text !== '' && mime.includes('html')) out.push(...htmlCandidates(text));
  for (const [name, value] of x.responseHeaders) {
    const lower = name.toLowerCase();
    if (lower === 'set-cookie') {
      const pair = value.split(';', 1)[0]!;
      const eq = pair.indexOf('=');
      if (eq > 0)
        out.push({
          value: pair.slice(eq + 1).trim(),
          where: 'set-cookie',
          name: pair.slice(0, eq).trim(),
          extractor: { cookie: pair.slice(0, eq).trim() },
          hint: pair.slice(0, eq).trim(),
          strong: true,
        });
    } else if (!PLAIN_HEADERS.test(lower)) {
      out.push({ value, where: 'header', name, extractor: { header: lower }, hint: name, strong: isTokenName(name) });
    }
  }
  if (step.chain.length > 1) out.push(...urlCandidates(step.first.url, x.url, 'url'));
  out.push(...locationCandidates(step.first.url, x));
  // Checking the extraction costs a parse of the response: the caller does it for values sent again (verify).
  return out.filter((c) => isTokenLike(c.value, c.strong));
}

function jsonCandidates(text: string): Candidate[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return [];
  }
  const out: Candidate[] = [];
  const walk = (v: unknown, path: string, key: string, parent: string, depth: number): void => {
    if (out.length >= 500 || depth > 24) return;
    if (typeof v === 'string' || (typeof v === 'number' && Number.isSafeInteger(v))) {
      const hint = /^(id|uuid|key|value|code)$/i.test(key) && parent ? `${singular(parent)}_${key}` : key || 'value';
      out.push({
        value: String(v),
        where: 'json',
        name: path,
        extractor: { jsonPath: path },
        hint,
        strong: typeof v === 'string' && isTokenName(key),
      });
    } else if (Array.isArray(v)) {
      v.slice(0, 50).forEach((item, i) => walk(item, `${path}[${i}]`, key, key, depth + 1));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) walk(child, `${path}${jsonKey(k)}`, k, key, depth + 1);
    }
  };
  walk(doc, '$', '', '', 0);
  return out;
}

function jsonKey(k: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? `.${k}` : `['${k.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`;
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * Path segments and query values of the URL a redirect ended at (read from the final URL) or of the Location a
 * redirect the plan does not follow names (read from that header) that the first request did not send.
 */
function urlCandidates(firstUrl: string, finalUrl: string, from: 'url' | 'location'): Candidate[] {
  let url: URL;
  try {
    url = new URL(finalUrl);
  } catch {
    return [];
  }
  const out: Candidate[] = [];
  const lead = from === 'url' ? '' : LOCATION_LINE;
  const extractor = (regex: string): Extractor =>
    from === 'url' ? { regex, from: 'url' } : { regex: `${lead}${regex}`, from: 'headers' };
  const segments = url.pathname.split('/');
  segments.forEach((segment, i) => {
    if (segment === '' || firstUrl.includes(segment)) return;
    const before = segments.slice(0, i).map(escapeRegex).join('/');
    const after = segments
      .slice(i + 1)
      .map(escapeRegex)
      .join('/');
    const regex = `${before}/([^/?#${from === 'url' ? '' : '\\s'}]+)${i < segments.length - 1 ? `/${after}` : ''}`;
    out.push({
      value: segment,
      where: 'location',
      name: `path segment ${i}`,
      extractor: extractor(regex),
      hint: segments[i - 1] ? `${singular(segments[i - 1]!)}_id` : 'path_id',
      strong: false,
    });
  });
  for (const m of url.search.slice(1).split('&')) {
    const eq = m.indexOf('=');
    if (eq <= 0 || firstUrl.includes(m.slice(eq + 1))) continue;
    const name = m.slice(0, eq);
    const regex = from === 'url' ? `[?&]${escapeRegex(name)}=([^&#]*)` : `[^\\n]*[?&]${escapeRegex(name)}=([^&#\\s]*)`;
    out.push({
      value: m.slice(eq + 1),
      where: 'location',
      name: `query ${name}`,
      extractor: extractor(regex),
      hint: name,
      strong: isTokenName(name),
    });
  }
  return out;
}

/** Where a Location header starts in the headers' text: its name, and any scheme and host before the path. */
const LOCATION_LINE = '(?:^|\\n)location: (?:https?://[^/\\s]+)?';

/**
 * A redirect the plan does not follow (a form submission's) sends the user to a URL holding an id the server just
 * made: its ids and tokens are extracted from the Location header; when its only changing parts are small numbers
 * (`/groups/41/`, too short to find safely elsewhere), the whole path is, for the request that goes there.
 */
function locationCandidates(firstUrl: string, x: RecordedExchange): Candidate[] {
  const location = recordedLocation(x);
  if (!location?.dynamic || !location.sameOrigin || !location.path.startsWith('/')) return [];
  const parts = urlCandidates(firstUrl, new URL(location.path, 'http://h').href, 'location').filter((c) =>
    isTokenLike(c.value, c.strong),
  );
  if (parts.length > 0) return parts;
  const value = location.path.replace(/#.*$/, '');
  // Named after the part before the first id: /groups/41/edit -> group_url.
  const names = value.split(/[/?&=]/).filter(Boolean);
  const firstId = names.findIndex((p) => /^\d+$/.test(p) || isTokenLike(p, false));
  const named = names
    .slice(0, firstId < 0 ? names.length : firstId)
    .filter((p) => /^[A-Za-z][\w-]*$/.test(p))
    .at(-1);
  return [
    {
      value,
      where: 'location',
      name: 'Location header',
      strong: true,
      hint: named ? `${singular(named)}_url` : 'redirect_url',
      extractor: { regex: `${LOCATION_LINE}(/[^#\\s]*)`, from: 'headers' },
    },
  ];
}

/** Does the extraction get exactly this value from the recorded response (as the engine will run it)? */
export function verify(c: Candidate, x: RecordedExchange): boolean {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of x.responseHeaders) {
    const lower = k.toLowerCase();
    const prev = headers[lower];
    headers[lower] =
      prev === undefined
        ? v
        : Array.isArray(prev)
          ? [...prev, v]
          : lower === 'set-cookie'
            ? [prev, v]
            : `${prev}, ${v}`;
  }
  const body = Buffer.from(bodyText(x.responseBody), 'utf8');
  try {
    const got = compileExtractor(c.extractor).run(
      new ResponseView(x.status, headers, body, false, x.durationMs, x.url),
    );
    return got.ok && String(got.value) === c.value;
  } catch {
    return false;
  }
}
