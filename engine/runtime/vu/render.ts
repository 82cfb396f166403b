/**
 * A request step rendered for one VU: URL (base + path + query), the first hop's headers and the body.
 * Most steps render the same strings every time, so the last rendering is remembered and its URL split and header
 * array are reused while nothing changed: the hot path then allocates no URL or header array (and the HTTP client's
 * request head, cached per header array, is built once). Every step starts with one memo for all VUs; the first time
 * a VU renders it differently from the VU that wrote the memo (`Bearer ${token}`, `/users/${vu}`), the step gets one
 * memo per VU, so VUs taking turns do not undo each other's. A step whose templates render alike for every VU
 * (`${env.BASE_URL}`, constants) keeps one memo, one header array and one request head for the whole worker: a
 * memo per VU and step cost ~1 KB, 200 MB for 20 VUs on a 10,000-step recording. Thrown TemplateRuntimeError/UrlError
 * are the caller's.
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
  authValue: string | undefined;
  body: string | Buffer | null;
}

class Memo {
  base: string | undefined = undefined;
  path: string | undefined = undefined;
  url = '';
  target: { origin: string; path: string } = { origin: '', path: '' };
  values: (string | undefined)[] = [];
  headers: string[] | undefined = undefined;
  userAgent = '';
  /** Shared by all VUs (until one renders differently), and the VU that rendered into it last. */
  shared = false;
  vu: TemplateContext | undefined = undefined;
}

/** The user headers of a step that has none: one list, not one per step. */
const NO_HEADERS: readonly string[] = Object.freeze([]);

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
  own.values = m.values.slice();
  own.headers = m.headers;
  own.userAgent = m.userAgent;
  ownMemos(ctx).set(req, own);
  return own;
}

export function renderRequest(req: CompiledRequest, ctx: TemplateContext, userAgent: string): Rendered {
  let m = memoFor(req, ctx);

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
      // The parts as fresh copies would cost ~60 bytes a step and worker: the base and path strings are the same text.
      if (target.origin === base) target.origin = base;
      if (target.path === path) target.path = path;
      if (othersShared(m, ctx)) m = perVuFrom(req, m, ctx);
      m.base = base;
      m.path = path;
      m.url = url;
      m.target = target;
    }
  }

  const hs = req.headers;
  let values = m.values;
  let same = m.headers !== undefined && m.userAgent === userAgent;
  for (let i = 0; i < hs.length; i++) {
    const v = hs[i]![1].render(ctx);
    // The old header array is forgotten at the first change: a template that throws further on must not leave
    // new values next to it (the next rendering would find them "the same" and send the old headers).
    if (v !== values[i]) {
      if (othersShared(m, ctx)) {
        m = perVuFrom(req, m, ctx);
        values = m.values;
      }
      same = false;
      values[i] = v;
      m.headers = undefined;
    }
  }
  const authValue = req.auth?.in === 'header' && !req.headerNames.has(req.auth.name) ? req.auth.value(ctx) : undefined;
  if (authValue !== values[hs.length]) {
    if (othersShared(m, ctx)) {
      m = perVuFrom(req, m, ctx);
      values = m.values;
    }
    same = false;
    values[hs.length] = authValue;
    m.headers = undefined;
  }
  m.vu = ctx;
  if (!same) {
    let user: readonly string[] = NO_HEADERS;
    if (hs.length > 0) {
      const own: string[] = [];
      for (let i = 0; i < hs.length; i++) own.push(hs[i]![0], values[i]!);
      user = own;
    }
    m.headers = requestHeaders(req, user, userAgent, true, authValue);
    m.userAgent = userAgent;
  }
  const body = req.body ? renderBody(req.body, ctx) : null;
  return { url, target, headers: m.headers!, authValue, body };
}

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
