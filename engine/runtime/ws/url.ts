/**
 * WebSocket URLs: ws:// and wss:// as written, or relative to defaults.baseUrl, whose http becomes ws and https wss
 * (the same server usually serves both). Cookies are matched against the http(s) form of the URL (RFC 6265 §5.4).
 */
import { joinUrl, splitUrl, UrlError } from '../vu/url.ts';

export class WsUrlError extends Error {}

const WS = /^wss?:\/\//i;

export function renderWsUrl(base: string | undefined, url: string): string {
  if (WS.test(url)) return url;
  let joined: string;
  try {
    joined = joinUrl(base, url);
  } catch (e) {
    throw new WsUrlError(
      e instanceof UrlError
        ? e.message.replace('http:// or https://', 'ws://, wss://, http:// or https://')
        : String(e),
    );
  }
  return joined.replace(/^http/i, 'ws');
}

/** The http(s) form of a ws(s) URL: its origin and request target, for the cookie jar. */
export function httpUrlOf(url: string): { origin: string; path: string; url: string } {
  const http = url.replace(/^ws/i, 'http');
  try {
    return { ...splitUrl(http), url: http };
  } catch (e) {
    throw e instanceof UrlError ? new WsUrlError(`'${url}' is not a ws:// or wss:// URL`) : e;
  }
}
