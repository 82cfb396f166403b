/**
 * The HTTP router. Order matters: security headers, then Host/Origin (DNS rebinding, cross-site), then the
 * token exchange, then authentication, then the API or the static renderer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from '../contract/dispatch.ts';
import { handleApiCall } from './api.ts';
import { isAuthorized, sessionCookie, tokensEqual } from './auth.ts';
import { checkSite } from './guards.ts';
import { applySecurityHeaders } from './headers.ts';
import { LOGIN_HINT_PAGE } from './pages.ts';
import { sendError, sendHtml, sendRedirect } from './respond.ts';
import { serveStatic } from './static-files.ts';

/** Everything the router needs; `port` is the actual listening port. */
export interface RequestContext {
  dispatcher: Dispatcher;
  port: number;
  token: string;
  staticDir: string | undefined;
  maxBodyBytes: number;
  onError?: ((context: string, error: unknown) => void) | undefined;
}

/** Builds the 'request' listener. It never throws: an unexpected failure becomes a 500 (or a dropped socket). */
export function createRequestHandler(ctx: RequestContext): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    route(req, res, ctx).catch((error: unknown) => {
      ctx.onError?.(`${req.method ?? '?'} request failed`, error);
      if (res.headersSent) res.destroy();
      else sendError(res, 500, 'internal', 'internal error', { close: true });
    });
  };
}

async function route(req: IncomingMessage, res: ServerResponse, ctx: RequestContext): Promise<void> {
  applySecurityHeaders(res, ctx.port);
  const denial = checkSite(req.headers, ctx.port);
  if (denial) return sendError(res, denial.status, 'forbidden', denial.message, { close: true });

  const rawUrl = req.url ?? '';
  if (!rawUrl.startsWith('/')) return sendError(res, 400, 'invalid_params', 'bad request target', { close: true });
  const queryAt = rawUrl.indexOf('?');
  const rawPath = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = new URLSearchParams(queryAt < 0 ? '' : rawUrl.slice(queryAt + 1));
  const method = req.method ?? 'GET';
  const authorized = isAuthorized(req.headers, ctx.token, ctx.port);

  if (rawPath === '/api' || rawPath.startsWith('/api/')) {
    if (!authorized)
      return sendError(res, 401, 'unauthorized', 'open the link printed by loadsmith ui', { close: true });
    if (rawPath === '/api/call') {
      if (method !== 'POST')
        return sendError(res, 405, 'unsupported', 'use POST', { headers: { Allow: 'POST' }, close: true });
      return handleApiCall(req, res, ctx);
    }
    if (rawPath === '/api/events')
      return sendError(res, 426, 'unsupported', 'connect with a WebSocket', { headers: { Upgrade: 'websocket' } });
    return sendError(res, 404, 'not_found', `no API endpoint ${rawPath}`);
  }

  if (method !== 'GET' && method !== 'HEAD')
    return sendError(res, 405, 'unsupported', 'use GET', { headers: { Allow: 'GET, HEAD' }, close: true });

  const offered = query.get('token');
  if (rawPath === '/' && offered !== null) {
    // The token exchange: a good token becomes an HttpOnly cookie and leaves the address bar at once.
    if (!tokensEqual(offered, ctx.token)) return sendHtml(res, 401, LOGIN_HINT_PAGE);
    return sendRedirect(res, '/', { headers: { 'Set-Cookie': sessionCookie(ctx.token, ctx.port) } });
  }
  if (!authorized) return sendHtml(res, 401, LOGIN_HINT_PAGE);
  return serveStatic(req, res, ctx.staticDir, rawPath);
}
