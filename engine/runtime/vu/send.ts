/**
 * Sends one request step: renders it for this VU, runs the exchange (following redirects, each hop a measured
 * request), records metrics and errors, keeps cookies. Returns the final response, or undefined when interrupted.
 * A redirect chain that maxRedirects (above 0) cuts short ends on a failed hop of kind `too-many-redirects`.
 */
import type { MetricsRecorder, RequestSeries } from '../../metrics/recorder.ts';
import { TemplateRuntimeError } from '../../template/index.ts';
import type { CompiledRequest } from '../compile/request.ts';
import type { RequestTrace } from '../trace/hook.ts';
import type { RequestResults } from '../results/hook.ts';
import { exchange, headersSent } from '../http/exchange.ts';
import type { ExchangeResult, Interruptible } from '../http/types.ts';
import type { HttpClient } from '../http/dispatchers.ts';
import type { CookieUrl } from '../http/cookie-jar.ts';
import { cookieUrl } from './cookie-url.ts';
import { ResponseView } from '../response.ts';
import { renderRequest, requestHeaders, userHeaders, type Rendered } from './render.ts';
import { splitUrl, UrlError } from './url.ts';
import type { VirtualUser } from './virtual-user.ts';

export interface WorkerContext {
  /** The plan's connections: the fast HTTP/1.1 client (with undici behind it) or an undici dispatcher. */
  dispatcher: HttpClient;
  recorder: MetricsRecorder;
  userAgent: string;
  /** Only the designer's Try it / Validate set this (engine/runtime/trace): it sees every hop and outcome. */
  trace?: RequestTrace;
  /** Only set with raw-results outputs (engine/runtime/results): a row per counted request. */
  results?: RequestResults;
  /**
   * Only set for setup and teardown (runtime/run-steps.ts) and Validate: each failed request, check or extraction of
   * setup and teardown, and whatever ends a step list early (a failure policy, a condition that cannot be evaluated),
   * by request or step name; `ends` when it ended the list.
   */
  failed?: (request: string, reason: string, ends: boolean) => void;
}

/** The iteration cannot go on (already counted as an error); the interpreter ends it. */
export class IterationAbort extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function sendRequest(
  vu: VirtualUser,
  req: CompiledRequest,
  wc: WorkerContext,
): Promise<ResponseView | undefined> {
  let r: Rendered;
  try {
    r = renderRequest(req, vu.ctx, wc.userAgent);
  } catch (e) {
    if (e instanceof TemplateRuntimeError) fail(wc, req, 'template', e.message);
    if (e instanceof UrlError) fail(wc, req, 'invalid-url', e.message);
    throw e;
  }
  let { url, body } = r;
  let method = req.method;
  let origin = '';
  for (let hop = 0; ; hop++) {
    let target = hop === 0 ? r.target : undefined;
    if (target === undefined) {
      try {
        target = splitUrl(url);
      } catch (e) {
        if (e instanceof UrlError) fail(wc, req, 'invalid-url', e.message);
        throw e;
      }
    }
    const crossOrigin = hop > 0 && target.origin !== origin;
    origin = target.origin;
    const headers = hop === 0 ? r.headers : hopHeaders(req, r, wc, body !== null, crossOrigin);
    let cookieTarget: CookieUrl | undefined;
    let cookie: string | undefined;
    const jar = vu.jar;
    if (jar !== undefined && jar.size > 0) {
      cookieTarget = cookieUrl(target.origin, target.path, url);
      cookie = jar.cookieHeader(cookieTarget);
    }

    let inflight: Interruptible | undefined;
    const res = await exchange(
      req.dispatcher ?? wc.dispatcher,
      {
        origin: target.origin,
        path: target.path,
        method,
        headers: headers as string[],
        headersOnce: hop > 0 || r.once,
        cookie,
        body,
        timeoutMs: req.timeoutMs,
        keepAlive: req.keepAlive,
        keepBody: req.keepBody,
        maxBodySize: req.maxBodySize,
      },
      (x) => {
        inflight = x;
        vu.track(x);
      },
    );
    if (inflight !== undefined) vu.untrack(inflight); // finished: a hard stop has nothing left to interrupt here
    const follow = REDIRECTS.has(res.status) && res.error === undefined && typeof res.headers.location === 'string';
    // A chain cut short by maxRedirects did not get the page it asked for: a failure, as in JMeter (0: not followed, by choice).
    const more = follow && hop < req.maxRedirects;
    const stopped = follow && !more && req.maxRedirects > 0;
    if (stopped)
      res.error = {
        kind: 'too-many-redirects',
        message: tooManyRedirects(hop, res.status, res.headers.location as string),
      };
    if (wc.trace !== undefined)
      wc.trace.exchange(req, { method, url, headers: headersSent(headers, cookie), body }, res);
    if (res.interrupted) return undefined;
    const sent = res.bytesSent;
    (stopped ? redirectLimitSeries(req, wc) : req.series).record(res.status, res, sent, res.bytesReceived);
    if (res.error) wc.recorder.error(res.error.kind, req.scenario, req.name, res.error.message);
    if (wc.results !== undefined) {
      const behind = wc.results.request(vu, req, method, url, res, sent);
      if (behind !== undefined) await behind;
    }

    const setCookie = res.headers['set-cookie'];
    if (setCookie !== undefined)
      vu.jarForStoring()?.setFromResponse(cookieTarget ?? cookieUrl(target.origin, target.path, url), setCookie);

    if (more) {
      try {
        url = new URL(res.headers.location as string, url).href;
      } catch {
        return view(res, url);
      }
      if (res.status === 303 ? method !== 'HEAD' : (res.status === 301 || res.status === 302) && method === 'POST') {
        method = 'GET';
        body = null;
      }
      continue;
    }
    return view(res, url);
  }
}

/** Headers of a redirect hop: the user's (without Authorization when crossing origins), then the defaults. */
function hopHeaders(
  req: CompiledRequest,
  r: Rendered,
  wc: WorkerContext,
  hasBody: boolean,
  crossOrigin: boolean,
): string[] {
  const user = userHeaders(req, r);
  if (!crossOrigin) return requestHeaders(req, user, wc.userAgent, hasBody, r.authValue);
  return requestHeaders(req, withoutAuthorization(user), wc.userAgent, hasBody, undefined);
}

function tooManyRedirects(hops: number, status: number, location: string): string {
  const to = location.length > 200 ? `${location.slice(0, 200)}…` : location;
  return `stopped after ${hops} redirects: maxRedirects reached (the last response, ${status}, leads on to ${to}); raise maxRedirects, or set it to 0 to check the redirect itself`;
}

const NEVER_EXPECTED = (): boolean => false;

function redirectLimitSeries(req: CompiledRequest, wc: WorkerContext): RequestSeries {
  return (req.redirectLimitSeries ??= wc.recorder.requestSeries(req.seriesBase, NEVER_EXPECTED));
}

function view(res: ExchangeResult, url: string): ResponseView {
  return new ResponseView(res.status, res.headers, res.body, res.bodyTruncated, res.duration / 1000, url);
}

function fail(wc: WorkerContext, req: CompiledRequest, kind: string, message: string): never {
  wc.recorder.error(kind, req.scenario, req.name, message);
  wc.trace?.failed(req, kind, message);
  throw new IterationAbort(message);
}

function withoutAuthorization(headers: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < headers.length; i += 2) {
    if ((headers[i] as string).toLowerCase() !== 'authorization')
      out.push(headers[i] as string, headers[i + 1] as string);
  }
  return out;
}
