/**
 * A request step rendered for one VU: URL (base + path + query), the first hop's headers and the body.
 * Most steps render the same strings every time, so the last rendering is remembered and its URL split and header
 * array are reused while nothing changed: the hot path then allocates no URL or header array (and the HTTP client's
 * request head, cached per header array, is built once). Every step starts with one memo for all VUs; the first time
 * a VU renders it differently from the VU that wrote the memo (`Bearer ${token}`, `/users/${vu}`), the step gets one
 * memo per VU, so VUs taking turns do not undo each other's. A step whose templates render alike for every VU
 * (`${env.BASE_URL}`, constants) keeps one memo, one header array and one request head for the whole worker: a
 * memo per VU and step cost ~1 KB, 200 MB for 20 VUs on a 10,000-step recording.
 *
 * Only the first MEMOIZED_REQUESTS steps of a plan keep a memo (`req.memo`, compile/request.ts): past them a step is
 * rendered afresh each time, and its header array is the request's alone (`once`), so the client keeps no head for
 * it either. A memo with its URL and header array cost ~700 bytes a step and worker on a recording. Thrown
 * TemplateRuntimeError/UrlError are the caller's.
 */
import type { CompiledRequest } from '../compile/request.ts';
import { renderBody } from '../compile/body.ts';
import type { TemplateContext } from '../../template/index.ts';
import { appendQuery, joinUrl, splitUrl } from './url.ts';

export interface Rendered {
  url: string;
  /** origin + request target of `url`. */
  target: { origin: string; path: string };
  /**
   * Headers of the first hop: the user's headers (its first 2 × req.headers.length entries: userHeaders()), then
   * user-agent, content-type, auth; never mutated by the caller.
   */
  headers: readonly string[];
  /** `headers` is this rendering's alone (the step keeps no memo): not worth keeping anything by it. */
  once: boolean;
  authValue: string | undefined;
  body: string | Buffer | null;
}

class Memo {
  base: string | undefined = undefined;
  path: string | undefined = undefined;
  url = '';
  target: { origin: string; path: string } = { origin: '', path: '' };
  /** The last rendering's headers (undefined: none yet); their first 2 × req.headers.length entries the user's. */
  headers: readonly string[] | undefined = undefined;
  authValue: string | undefined = undefined;
  userAgent = '';
  /** Shared by all VUs (until one renders differently), and the VU that rendered into it last. */
  shared = false;
  vu: TemplateContext | undefined = undefined;
}

/** Per step: the memo all VUs share, or null once the step renders differently per VU. */
const shared = new WeakMap<CompiledRequest, Memo | null>();
/** Per VU (its template context) and step. */
const perVu = new WeakMap<TemplateContext, Map<CompiledRequest, Memo>>();

function ownMemos(ctx: TemplateContext): Map<CompiledRequest, Memo> {
  let mine = perVu.get(ctx);
  if (mine === undefined) {
    mine = new Map();
    perVu.set(ctx, mine);
  }
  return mine;
}

function memoFor(req: CompiledRequest, ctx: TemplateContext): Memo {
  let m = shared.get(req);
  if (m === undefined) {
    m = new Memo();
    m.shared = true;
    shared.set(req, m);
  }
  if (m !== null) return m;
  const mine = ownMemos(ctx);
  let own = mine.get(req);
  if (own === undefined) {
    own = new Memo();
    mine.set(req, own);
  }
  return own;
}

/** Whether writing into `m` for `ctx` would undo another VU's rendering of a shared memo. */
const othersShared = (m: Memo, ctx: TemplateContext): boolean => m.shared && m.vu !== undefined && m.vu !== ctx;

/**
 * `ctx` rendered the step differently from the VU that wrote the shared memo: from now on each VU has its own. The
 * shared memo (untouched so far) becomes its writer's, and `ctx` continues in a copy of it.
 */
function perVuFrom(req: CompiledRequest, m: Memo, ctx: TemplateContext): Memo {
  shared.set(req, null);
  m.shared = false;
  if (m.vu !== undefined) ownMemos(m.vu).set(req, m);
  const own = new Memo();
  own.base = m.base;
  own.path = m.path;
  own.url = m.url;
  own.target = m.target;
  own.headers = m.headers;
  own.authValue = m.authValue;
  own.userAgent = m.userAgent;
  ownMemos(ctx).set(req, own);
  return own;
}

export function renderRequest(req: CompiledRequest, ctx: TemplateContext, userAgent: string): Rendered {
  if (!req.memo) return renderAfresh(req, ctx, userAgent);
  let m = memoFor(req, ctx);

  const base = req.baseUrl?.render(ctx);
  const path = req.url.render(ctx);
  let url: string;
  let target: Rendered['target'];
  if (req.query.length === 0 && m.path !== undefined && path === m.path && base === m.base) {
    url = m.url;
    target = m.target;
  } else if (req.query.length > 0 || req.auth?.in === 'query') {
    url = withQuery(req, ctx, joinUrl(base, path));
    target = splitUrl(url);
  } else {
    url = joinUrl(base, path);
    target = splitUrl(url);
    // The parts as fresh copies would cost ~60 bytes a step and worker: the base and path strings are the same text.
    if (target.origin === base) target.origin = base;
    if (target.path === path) target.path = path;
    if (othersShared(m, ctx)) m = perVuFrom(req, m, ctx);
    m.base = base;
    m.path = path;
    m.url = url;
    m.target = target;
  }

  // The memo's header array is replaced, never changed: a template that throws half-way leaves it as it was.
  const hs = req.headers;
  const last = m.userAgent === userAgent ? m.headers : undefined;
  let user: string[] | undefined = last === undefined ? [] : undefined;
  for (let i = 0; i < hs.length; i++) {
    const v = hs[i]![1].render(ctx);
    if (user === undefined) {
      if (v === last![2 * i + 1]) continue;
      user = last!.slice(0, 2 * i);
    }
    user.push(hs[i]![0], v);
  }
  const authValue = authHeaderValue(req, ctx);
  if (user !== undefined || authValue !== m.authValue) {
    if (othersShared(m, ctx)) m = perVuFrom(req, m, ctx);
    m.headers = requestHeaders(req, user ?? last!.slice(0, 2 * hs.length), userAgent, true, authValue);
    m.authValue = authValue;
    m.userAgent = userAgent;
  }
  m.vu = ctx;
  const body = req.body ? renderBody(req.body, ctx) : null;
  return { url, target, headers: m.headers!, once: false, authValue, body };
}

/** A step past MEMOIZED_REQUESTS: everything rendered for this request alone. */
function renderAfresh(req: CompiledRequest, ctx: TemplateContext, userAgent: string): Rendered {
  const base = req.baseUrl?.render(ctx);
  let url = joinUrl(base, req.url.render(ctx));
  if (req.query.length > 0 || req.auth?.in === 'query') url = withQuery(req, ctx, url);
  const target = splitUrl(url);
  // The base's own string, whose hash is known: the client finds the origin's connections by it (http/fast/client.ts).
  if (target.origin === base) target.origin = base;
  const hs = req.headers;
  const user: string[] = [];
  for (let i = 0; i < hs.length; i++) user.push(hs[i]![0], hs[i]![1].render(ctx));
  const authValue = authHeaderValue(req, ctx);
  const headers = requestHeaders(req, user, userAgent, true, authValue);
  const body = req.body ? renderBody(req.body, ctx) : null;
  return { url, target, headers, once: true, authValue, body };
}

/** `url` with the step's query parameters, and its API key when that goes in the query. */
function withQuery(req: CompiledRequest, ctx: TemplateContext, url: string): string {
  const query: [string, string][] = req.query.map(([k, t]) => [k, t.render(ctx)]);
  if (req.auth?.in === 'query') query.push([req.auth.name, req.auth.value(ctx)]);
  return appendQuery(url, query);
}

/** The auth header's value, unless the user set that header themselves. */
const authHeaderValue = (req: CompiledRequest, ctx: TemplateContext): string | undefined =>
  req.auth?.in === 'header' && !req.headerNames.has(req.auth.name) ? req.auth.value(ctx) : undefined;

/** The user headers of a step that has none: one list, not one per step. */
const NO_HEADERS: readonly string[] = Object.freeze([]);

/** The user's headers of a rendering (redirect hops rebuild their headers from them): no list of their own kept. */
export function userHeaders(req: CompiledRequest, r: Rendered): readonly string[] {
  return req.headers.length === 0 ? NO_HEADERS : r.headers.slice(0, 2 * req.headers.length);
}
/** The user's headers, then what a request adds unless the user set it: user-agent, its body's content-type
 * (`hasBody`), auth. Also for redirect hops (vu/send.ts), which may drop the body and the auth. */
export function requestHeaders(
  req: CompiledRequest,
  user: readonly string[],
  userAgent: string,
  hasBody: boolean,
  authValue: string | undefined,
): string[] {
  const headers = [...user];
  if (!req.headerNames.has('user-agent')) headers.push('user-agent', userAgent);
  if (hasBody && req.body && !req.headerNames.has('content-type')) headers.push('content-type', req.body.contentType);
  if (authValue !== undefined) headers.push(req.auth!.name, authValue);
  // An exact-size copy: the array grown by push keeps room for 17 entries, ~150 bytes a step and worker for as long
  // as its memo keeps it (1.5 MB a worker with 10,000 request names).
  return headers.slice();
}
