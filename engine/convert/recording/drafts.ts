/**
 * A recorded step -> the draft of a plan request. Headers the engine sets itself, hop-by-hop headers and browser
 * noise (client hints, fetch metadata, caching validators, Accept-Encoding: the engine does not decompress) are
 * left out; cookies an earlier recorded response set are left to the plan's cookie jar; Origin and Referer follow
 * the plan's base URL. The body is recorded text made editable (JSON, form or text). Checks: recording/checks.ts.
 */
import { classify } from '../classify-body.ts';
import { literal, Notes, type DraftRequest } from '../draft.ts';
import { CookieTracker } from '../har/cookies.ts';
import type { HarEntry } from '../har/schema.ts';
import { hostOf } from './classify.ts';
import { recordedChecks } from './checks.ts';
import { isRedirect, pathAndQuery, type RecordedStep } from './steps.ts';
import { bodyText, headerValue, type RecordedExchange } from './types.ts';

/** Left out of every request: the engine computes them, they belong to one connection, or only a browser sends them. */
const DROPPED =
  /^(host|content-length|connection|keep-alive|proxy-connection|proxy-authorization|te|trailer|transfer-encoding|upgrade|sec-websocket-(?:key|version|extensions|accept)|expect|accept-encoding|sec-ch-.*|sec-fetch-.*|upgrade-insecure-requests|priority|dnt|sec-gpc|purpose|sec-purpose|x-client-data|cache-control|pragma|if-none-match|if-modified-since|if-range|:.*)$/i;

export interface DraftOptions {
  /** Keep the browser's User-Agent (default: the engine sends its own). */
  keepUserAgent?: boolean;
  /** Hosts whose HTTPS certificate the recording did not check: their requests get `insecureTls`. */
  insecureHosts?: readonly string[];
}

export function stepDrafts(steps: readonly RecordedStep[], o: DraftOptions, notes: Notes): DraftRequest[] {
  const cookies = new CookieTracker();
  const origin = mainOrigin(steps);
  const dropped = new Set<string>();
  const cookieNotes = new Notes();
  const insecureUsed = new Set<string>();
  const insecure = new Set((o.insecureHosts ?? []).map((h) => h.toLowerCase()));
  const drafts = steps.map((step) => {
    const x = step.first;
    const where = `entry ${x.id} (${x.method} ${pathAndQuery(x.url).slice(0, 80)})`;
    const headers: [string, string][] = [];
    for (const [name, value] of x.requestHeaders) {
      const lower = name.toLowerCase();
      if (DROPPED.test(lower) || (lower === 'user-agent' && !o.keepUserAgent)) {
        dropped.add(lower.startsWith('sec-') ? `${lower.split('-').slice(0, 2).join('-')}-*` : lower);
        continue;
      }
      if (lower === 'cookie') {
        const kept = cookies.unsetBy(value, x.url, where, cookieNotes);
        if (kept) headers.push([name, literal(kept)]);
      } else if ((lower === 'origin' || lower === 'referer') && origin && value.startsWith(origin)) {
        headers.push([name, `\${env.BASE_URL:-${origin}}${literal(value.slice(origin.length))}`]);
      } else headers.push([name, literal(value)]);
    }
    const d: DraftRequest = { method: x.method.toUpperCase(), url: literal(x.url), headers, where };
    const body = requestBody(x, headers, where, notes);
    if (body) d.body = body;
    const last = step.last;
    // A response the browser gave up on (net::ERR_ABORTED, with whatever status it had seen) is no outcome to check.
    const checks = last.error === undefined ? recordedChecks(last) : [];
    if (checks.length > 0) d.checks = checks;
    else
      notes.add(
        'info',
        where,
        `no complete response was recorded (${last.error ?? 'unknown reason'}): no status check was added`,
      );
    if (isRedirect(last.status)) d.maxRedirects = step.chain.length - 1;
    const host = hostOf(x.url);
    if (x.url.startsWith('https:') && (insecure.has(host) || insecure.has(host.replace(/:\d+$/, '')))) {
      d.http = { insecureTls: true };
      insecureUsed.add(host);
    }
    for (const hop of step.chain) cookies.record(asHar(hop));
    return d;
  });
  if (cookieNotes.list.length > 0)
    notes.add(
      'info',
      'recording',
      `cookies set by recorded responses are left to the plan's cookie jar (left out of the Cookie header of ${cookieNotes.list.length} request${cookieNotes.list.length === 1 ? '' : 's'})`,
    );
  if (insecureUsed.size > 0)
    notes.add(
      'info',
      'recording',
      `the recording did not check the HTTPS certificate of ${[...insecureUsed].join(', ')} (insecure hosts): those requests set insecureTls`,
    );
  if (dropped.size > 0)
    notes.add(
      'info',
      'recording',
      `left out headers a plan should not replay (the engine sets them, or only a browser sends them): ${[...dropped].sort().join(', ')}`,
    );
  return drafts;
}

function requestBody(
  x: RecordedExchange,
  headers: [string, string][],
  where: string,
  notes: Notes,
): DraftRequest['body'] {
  for (const f of x.fileFields ?? []) {
    notes.add(
      'not-imported',
      where,
      `multipart file field '${f.name}'${f.fileName ? ` (${f.fileName})` : ''}: a plan cannot send files inside a multipart body; its text fields are sent`,
    );
  }
  const b = x.requestBody;
  if (!b || (b.size === 0 && !b.text && !b.base64)) return undefined;
  if (b.truncated || b.omitted) {
    notes.add(
      'not-imported',
      where,
      `the request body was not recorded in full (${b.omitted ?? `${b.size} bytes, over the recording's size cap`}): add it to the request by hand`,
    );
    return undefined;
  }
  if (b.text === undefined) {
    notes.add('not-imported', where, 'a binary request body: save it to a file and use `file:` in the request');
    return undefined;
  }
  const type = (headerValue(headers, 'content-type') ?? '').toLowerCase();
  // Browsers encode more than encodeURIComponent (`!` as %21, spaces as +): the fields are what the server reads.
  if (type.startsWith('application/x-www-form-urlencoded') && bodyText(b).includes('=')) {
    return { kind: 'form', fields: [...new URLSearchParams(bodyText(b))].map(([k, v]) => [literal(k), literal(v)]) };
  }
  return classify(literal(bodyText(b)), type);
}

/** The origin most steps use (the plan's base URL), as buildPlan picks it. */
function mainOrigin(steps: readonly RecordedStep[]): string | undefined {
  const counts = new Map<string, number>();
  for (const s of steps) {
    const m = /^(https?:\/\/[^/?#]+)/i.exec(s.first.url);
    if (m?.[1]) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Just what the cookie tracker reads of an exchange. */
function asHar(x: RecordedExchange): HarEntry {
  return {
    request: { method: x.method, url: x.url, headers: [] },
    response: { status: x.status, headers: x.responseHeaders.map(([name, value]) => ({ name, value })) },
  };
}
