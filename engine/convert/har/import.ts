/**
 * HAR 1.2 -> a plan that replays the recording: entries in order, pages as groups, the user's pauses between
 * requests as think steps, each response's status as a check. Redirects are replayed hop by hop as recorded
 * (maxRedirects: 0 on 3xx entries), and cookies the recorded responses set are left to the plan's cookie jar.
 * Shared with the recorder: it writes HAR and converts it with this function.
 */
import { buildPlan } from '../build-plan.ts';
import { classify } from '../classify-body.ts';
import { literal, Notes, type DraftBody, type DraftRequest } from '../draft.ts';
import { multipartText } from '../multipart.ts';
import { check, parseStructured } from '../structured.ts';
import { ConvertError, sourceLabel, type ImportOptions, type ImportResult } from '../types.ts';
import { CookieTracker } from './cookies.ts';
import { Har, type HarEntry } from './schema.ts';

export interface HarImportOptions extends ImportOptions {
  /** Leave out images, fonts, style sheets, scripts and media (by resource type, MIME type or extension). */
  skipStatic?: boolean;
  /** Shortest recorded pause that becomes a think step, in milliseconds (default 500; 0: no think steps). */
  minThinkMs?: number;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const STATIC_TYPES = new Set(['image', 'font', 'stylesheet', 'script', 'media', 'manifest', 'texttrack']);
const STATIC_EXT = /\.(png|jpe?g|gif|webp|avif|svg|ico|css|js|mjs|woff2?|ttf|otf|eot|mp4|webm|mp3|map)(\?|$)/i;

export function importHar(text: string, o: HarImportOptions = {}): ImportResult {
  const label = sourceLabel(o.file);
  const har = check(Har, parseStructured(text, label, 'a HAR file'), label, 'HAR file');
  const notes = new Notes();
  const pages = new Map((har.log.pages ?? []).map((p) => [p.id, p.title ?? p.id]));
  const cookies = new CookieTracker();
  const drafts: DraftRequest[] = [];
  let skipped = 0;
  let lastEnd: number | undefined;
  har.log.entries.forEach((e, i) => {
    // The query is left out of the place: a credential in it could be cut in two by the length limit.
    const where = `${label}: entries[${i}] (${e.request.method} ${e.request.url.replace(/[?#].*$/s, '').slice(0, 80)})`;
    const method = e.request.method.toUpperCase();
    if (!METHODS.has(method) || !/^(https?:|\$\{)/i.test(e.request.url)) {
      notes.add('not-imported', where, !METHODS.has(method) ? `method ${method} is not supported by plans` : 'not an http(s) request (WebSocket, data: or blob: URL)');
      return;
    }
    const start = e.startedDateTime ? Date.parse(e.startedDateTime) : NaN;
    const pause = lastEnd !== undefined && !Number.isNaN(start) ? start - lastEnd : 0;
    // Skipped resources still loaded while the user waited: the pause is counted from the last thing loaded.
    if (!Number.isNaN(start)) lastEnd = Math.max(lastEnd ?? 0, start + (e.time ?? 0));
    if (o.skipStatic && isStatic(e)) { skipped++; return; }
    const d = draft(e, method, where, cookies, notes);
    const page = e.pageref !== undefined ? pages.get(e.pageref) : undefined;
    if (page) d.group = [page.slice(0, 60)];
    const minThink = o.minThinkMs ?? 500;
    if (minThink > 0 && pause >= minThink) d.thinkBefore = `${Math.round(pause / 100) / 10}s`;
    drafts.push(d);
    cookies.record(e);
  });
  if (skipped > 0) notes.add('info', label, `${skipped} static resource${skipped === 1 ? '' : 's'} (images, styles, scripts, fonts) left out as asked`);
  if (drafts.length === 0) throw new ConvertError(`${label}: the HAR file has no HTTP requests to import`);
  const name = o.name ?? (har.log.pages?.[0]?.title ? `Recording: ${har.log.pages[0].title}` : `Imported from ${o.file ?? 'HAR'}`);
  const { plan, env } = buildPlan(drafts, { name, notes, description: `Recorded with ${har.log.creator?.name ?? 'an unknown tool'} ${har.log.creator?.version ?? ''}`.trim() });
  return { plan, notes: notes.list, env, format: 'har' };
}

function draft(e: HarEntry, method: string, where: string, cookies: CookieTracker, notes: Notes): DraftRequest {
  const headers: [string, string][] = [];
  for (const h of e.request.headers) {
    if (h.name.toLowerCase() === 'cookie') {
      const kept = cookies.unsetBy(h.value, e.request.url, where, notes);
      if (kept) headers.push([h.name, literal(kept)]);
    } else headers.push([h.name, literal(h.value)]);
  }
  const d: DraftRequest = { method, url: literal(e.request.url), headers, where };
  const body = postBody(e, headers, where, notes);
  if (body) d.body = body;
  const status = e.response?.status ?? 0;
  if (e.response?._error) notes.add('info', where, `the browser reported ${e.response._error} for this request; no status check was added`);
  else if (status >= 100) d.checks = [{ status }];
  if (status >= 300 && status < 400 && status !== 304) d.maxRedirects = 0;
  return d;
}

function postBody(e: HarEntry, headers: [string, string][], where: string, notes: Notes): DraftBody | undefined {
  const p = e.request.postData;
  if (!p) return undefined;
  const type = (headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? p.mimeType).toLowerCase();
  if (p.text !== undefined) {
    if (p.encoding === 'base64') {
      notes.add('not-imported', where, 'a binary (base64) request body: save it to a file and use `file:` in the request');
      return undefined;
    }
    return classify(literal(p.text), type);
  }
  const params = p.params ?? [];
  const files = params.filter((x) => x.fileName !== undefined);
  for (const f of files) notes.add('not-imported', where, `file field ${f.name} (${f.fileName}) of the form: plans cannot send files inside a multipart body`);
  const fields = params.filter((x) => x.fileName === undefined).map((x) => [literal(x.name), literal(x.value ?? '')] as [string, string]);
  if (type.startsWith('multipart/form-data')) {
    const built = multipartText(fields.map(([name, value]) => ({ name, value })));
    const at = headers.findIndex(([k]) => k.toLowerCase() === 'content-type');
    if (at >= 0) headers.splice(at, 1);
    headers.push(['Content-Type', built.contentType]);
    notes.add('approximated', where, 'multipart form rebuilt as a text body with a fixed boundary');
    return { kind: 'text', text: built.text };
  }
  return { kind: 'form', fields };
}

function isStatic(e: HarEntry): boolean {
  const type = e._resourceType?.toLowerCase();
  if (type) return STATIC_TYPES.has(type);
  const mime = e.response?.content?.mimeType ?? '';
  return /^(image|font|audio|video)\/|\/(css|javascript)/.test(mime) || STATIC_EXT.test(e.request.url);
}
