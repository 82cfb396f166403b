/**
 * A request step rendered for one VU: URL (base + path + query), the first hop's headers and the body.
 * Most steps render the same strings every time, so the last rendering is remembered and its URL split and header
 * array are reused while nothing changed: the hot path then allocates no URL or header array (and the HTTP client's
 * request head, cached per header array, is built once). A step whose URL, headers and auth are constant templates
 * has one memo for all VUs; any other step (`Bearer ${token}`, `/users/${vu}`) one per VU, so VUs taking turns do
 * not undo each other's. Thrown TemplateRuntimeError/UrlError are the caller's.
 */
import type { CompiledRequest } from '../compile/request.ts';
import { renderBody } from '../compile/body.ts';
import type { TemplateContext } from '../../template/index.ts';
import { appendQuery, joinUrl, splitUrl } from './url.ts';

export interface Rendered {
  url: string;
  /** origin + request target of `url`. */
  target: { origin: string; path: string };
  /** Headers of the first hop (user headers, user-agent, content-type, auth); never mutated by the caller. */
  headers: readonly string[];
  /** User headers alone (redirect hops rebuild their headers from them). */
  userHeaders: readonly string[];
  authValue: string | undefined;
  body: string | Buffer | null;
}

class Memo {
  base: string | undefined = undefined;
  path: string | undefined = undefined;
  url = '';
  target: { origin: string; path: string } = { origin: '', path: '' };
  values: (string | undefined)[] = [];
  userHeaders: string[] | undefined = undefined;
  headers: string[] | undefined = undefined;
  userAgent = '';
}

/** Per step: the memo all VUs share, or null when the step renders differently per VU. */
const shared = new WeakMap<CompiledRequest, Memo | null>();
/** Per VU (its template context) and step. */
const perVu = new WeakMap<TemplateContext, Map<CompiledRequest, Memo>>();

function memoFor(req: CompiledRequest, ctx: TemplateContext): Memo {
  let m = shared.get(req);
  if (m === undefined) {
    const alike = (req.baseUrl?.constant ?? true) && req.url.constant && req.headers.every(([, t]) => t.constant) && (req.auth?.constant ?? true);
    m = alike ? new Memo() : null;
    shared.set(req, m);
  }
  if (m !== null) return m;
  let mine = perVu.get(ctx);
  if (mine === undefined) { mine = new Map(); perVu.set(ctx, mine); }
  let own = mine.get(req);
  if (own === undefined) { own = new Memo(); mine.set(req, own); }
  return own;
}

export function renderRequest(req: CompiledRequest, ctx: TemplateContext, userAgent: string): Rendered {
  const m = memoFor(req, ctx);

  const base = req.baseUrl?.render(ctx);
  const path = req.url.render(ctx);
  let url: string;
  let target: Rendered['target'];
  if (req.query.length === 0 && m.path !== undefined && path === m.path && base === m.base) {
    url = m.url;
    target = m.target;
  } else {
    url = joinUrl(base, path);
    if (req.query.length > 0 || req.auth?.in === 'query') {
      const query: [string, string][] = req.query.map(([k, t]) => [k, t.render(ctx)]);
      if (req.auth?.in === 'query') query.push([req.auth.name, req.auth.value(ctx)]);
      url = appendQuery(url, query);
      target = splitUrl(url);
    } else {
      target = splitUrl(url);
      m.base = base;
      m.path = path;
      m.url = url;
      m.target = target;
    }
  }

  const hs = req.headers;
  const values = m.values;
  let same = m.headers !== undefined && m.userAgent === userAgent;
  for (let i = 0; i < hs.length; i++) {
    const v = hs[i]![1].render(ctx);
    // The old header array is forgotten at the first change: a template that throws further on must not leave
    // new values next to it (the next rendering would find them "the same" and send the old headers).
    if (v !== values[i]) { same = false; values[i] = v; m.headers = undefined; }
  }
  const authValue = req.auth?.in === 'header' && !req.headerNames.has(req.auth.name) ? req.auth.value(ctx) : undefined;
  if (authValue !== values[hs.length]) { same = false; values[hs.length] = authValue; m.headers = undefined; }
  if (!same) {
    const user: string[] = [];
    for (let i = 0; i < hs.length; i++) user.push(hs[i]![0], values[i]!);
    m.userHeaders = user;
    m.headers = requestHeaders(req, user, userAgent, true, authValue);
    m.userAgent = userAgent;
  }
  const body = req.body ? renderBody(req.body, ctx) : null;
  return { url, target, headers: m.headers!, userHeaders: m.userHeaders!, authValue, body };
}

/** The user's headers, then what a request adds unless the user set it: user-agent, its body's content-type
 * (`hasBody`), auth. Also for redirect hops (vu/send.ts), which may drop the body and the auth. */
export function requestHeaders(req: CompiledRequest, user: readonly string[], userAgent: string, hasBody: boolean, authValue: string | undefined): string[] {
  const headers = [...user];
  if (!req.headerNames.has('user-agent')) headers.push('user-agent', userAgent);
  if (hasBody && req.body && !req.headerNames.has('content-type')) headers.push('content-type', req.body.contentType);
  if (authValue !== undefined) headers.push(req.auth!.name, authValue);
  return headers;
}
