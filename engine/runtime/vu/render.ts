/**
 * A request step rendered for one VU: URL (base + path + query), the first hop's headers and the body.
 * Most steps render the same strings every time (constant templates return the same string object), so the
 * last rendering of each step is remembered and its URL split and header array are reused while nothing changed:
 * the hot path then allocates no URL or header array. The memo is per step, not per VU: headers with per-VU values
 * (`Bearer ${token}`) are rebuilt on every request. Thrown TemplateRuntimeError/UrlError are the caller's.
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

const memos = new WeakMap<CompiledRequest, Memo>();

export function renderRequest(req: CompiledRequest, ctx: TemplateContext, userAgent: string): Rendered {
  let m = memos.get(req);
  if (m === undefined) { m = new Memo(); memos.set(req, m); }

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
    const headers = [...user];
    if (!req.headerNames.has('user-agent')) headers.push('user-agent', userAgent);
    if (req.body && !req.headerNames.has('content-type')) headers.push('content-type', req.body.contentType);
    if (authValue !== undefined) headers.push(req.auth!.name, authValue);
    m.userHeaders = user;
    m.headers = headers;
    m.userAgent = userAgent;
  }
  const body = req.body ? renderBody(req.body, ctx) : null;
  return { url, target, headers: m.headers!, userHeaders: m.userHeaders!, authValue, body };
}
