/**
 * One response head (status line and header lines, without the blank line) parsed as undici presents it:
 * names lower-cased, repeated headers as arrays. Also what framing the body uses and whether the connection
 * stays open. Malformed heads throw HttpParseError (counted as `malformed` errors).
 */
import type { ResponseHeaders } from '../types.ts';

export interface Head {
  status: number;
  statusText: string;
  headers: ResponseHeaders;
  keepAlive: boolean;
  chunked: boolean;
  /** Content-Length, or -1 when absent. */
  length: number;
  /** The server's `Keep-Alive: timeout=N` in ms, or -1 when absent. */
  keepAliveTimeoutMs: number;
}

class HeadError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
    this.name = 'HTTPParserError';
  }
}

/** Header-name characters (RFC 9110 token). */
export const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export function parseHead(text: string): Head {
  let eol = text.indexOf('\r\n');
  if (eol < 0) eol = text.length;
  // "HTTP/1.1 200 OK": the version, a space, three digits, then an optional reason.
  if (
    eol < 12 ||
    !text.startsWith('HTTP/1.') ||
    text.charCodeAt(8) !== 0x20 ||
    (text.length > 12 && eol > 12 && text.charCodeAt(12) !== 0x20)
  ) {
    throw new HeadError(
      'HPE_INVALID_CONSTANT',
      `invalid status line: ${JSON.stringify(text.slice(0, Math.min(eol, 40)))}`,
    );
  }
  const minor = text.charCodeAt(7) - 0x30;
  const status = threeDigits(text, 9);
  if (status < 100 || (minor !== 0 && minor !== 1))
    throw new HeadError(
      'HPE_INVALID_STATUS',
      `invalid status line: ${JSON.stringify(text.slice(0, Math.min(eol, 40)))}`,
    );
  const statusText = eol > 13 ? text.slice(13, eol) : '';
  const headers: ResponseHeaders = {};
  let keepAlive = minor === 1;
  let chunked = false;
  let te = false;
  let length = -1;
  let keepAliveTimeoutMs = -1;
  let at = eol + 2;
  while (at < text.length) {
    let next = text.indexOf('\r\n', at);
    if (next < 0) next = text.length;
    const colon = text.indexOf(':', at);
    if (colon < 0 || colon >= next || colon === at)
      throw new HeadError(
        'HPE_INVALID_HEADER_TOKEN',
        `invalid header line: ${JSON.stringify(text.slice(at, Math.min(next, at + 40)))}`,
      );
    const name = knownName(text, at, colon) ?? tokenName(text.slice(at, colon));
    const value = trim(text, colon + 1, next);
    at = next + 2;
    switch (name) {
      case 'content-length': {
        const n = contentLength(value);
        if (length >= 0 && n !== length)
          throw new HeadError('HPE_UNEXPECTED_CONTENT_LENGTH', 'conflicting content-length headers');
        length = n;
        break;
      }
      case 'transfer-encoding':
        te = true;
        chunked = /(?:^|,)[ \t]*chunked[ \t]*$/i.test(value);
        break;
      case 'keep-alive': {
        const m = /(?:^|[ ,;])timeout *= *(\d{1,9})/i.exec(value);
        if (m) keepAliveTimeoutMs = Number(m[1]) * 1000;
        break;
      }
      case 'connection': {
        const v = value.toLowerCase();
        if (/(?:^|[ ,])close(?:$|[ ,])/.test(v)) keepAlive = false;
        else if (minor === 0 && /(?:^|[ ,])keep-alive(?:$|[ ,])/.test(v)) keepAlive = true;
        break;
      }
    }
    add(headers, name, value);
  }
  if (te) {
    if (!chunked) keepAlive = false; // a body ended by the close
    if (length >= 0) keepAlive = false; // both framings: follow Transfer-Encoding, never reuse the connection
    length = -1;
  }
  return { status, statusText, headers, keepAlive, chunked, length, keepAliveTimeoutMs };
}

/**
 * Common response header names, by length. A name found here is this (internalised) literal: no slice, no
 * lower-casing, and the headers object is built with constant keys (fresh strings as keys cost a string-table lookup).
 */
const KNOWN: string[][] = [];
for (const n of [
  'date',
  'etag',
  'vary',
  'server',
  'expires',
  'location',
  'connection',
  'set-cookie',
  'keep-alive',
  'content-type',
  'cache-control',
  'last-modified',
  'accept-ranges',
  'content-length',
  'content-encoding',
  'content-language',
  'transfer-encoding',
  'x-powered-by',
  'x-request-id',
  'strict-transport-security',
  'access-control-allow-origin',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'age',
  'via',
  'pragma',
]) {
  (KNOWN[n.length] ??= []).push(n);
}

function knownName(text: string, from: number, to: number): string | undefined {
  const candidates = KNOWN[to - from];
  if (candidates === undefined) return undefined;
  next: for (const c of candidates) {
    for (let k = 0; k < c.length; k++) {
      const ch = text.charCodeAt(from + k);
      // ASCII letters lower-cased; every other byte must match exactly.
      if ((ch >= 0x41 && ch <= 0x5a ? ch | 0x20 : ch) !== c.charCodeAt(k)) continue next;
    }
    return c;
  }
  return undefined;
}

function tokenName(raw: string): string {
  if (!TOKEN.test(raw))
    throw new HeadError('HPE_INVALID_HEADER_TOKEN', `invalid header name: ${JSON.stringify(raw.slice(0, 40))}`);
  return raw.toLowerCase();
}

function threeDigits(s: string, at: number): number {
  let n = 0;
  for (let k = at; k < at + 3; k++) {
    const d = s.charCodeAt(k) - 0x30;
    if (!(d >= 0 && d <= 9)) return -1;
    n = n * 10 + d;
  }
  return n;
}

function trim(s: string, from: number, to: number): string {
  while (from < to && (s.charCodeAt(from) === 0x20 || s.charCodeAt(from) === 0x09)) from++;
  while (to > from && (s.charCodeAt(to - 1) === 0x20 || s.charCodeAt(to - 1) === 0x09)) to--;
  return s.slice(from, to);
}

function contentLength(v: string): number {
  let n = 0;
  let k = 0;
  for (; k < v.length; k++) {
    const d = v.charCodeAt(k) - 0x30;
    if (d < 0 || d > 9) break;
    n = n * 10 + d;
  }
  if (k === v.length && k > 0 && k <= 15) return n;
  // A list of identical values "5, 5" (RFC 9110 8.6), or garbage.
  let m = -1;
  for (const part of v.split(',')) {
    const p = part.trim();
    if (!/^\d{1,15}$/.test(p))
      throw new HeadError('HPE_INVALID_CONTENT_LENGTH', `invalid content-length: ${JSON.stringify(v.slice(0, 40))}`);
    const x = Number(p);
    if (m >= 0 && x !== m) throw new HeadError('HPE_UNEXPECTED_CONTENT_LENGTH', 'conflicting content-length values');
    m = x;
  }
  return m;
}

function add(headers: ResponseHeaders, name: string, value: string): void {
  if (name === '__proto__') {
    // an own property, never the prototype
    const own = Object.hasOwn(headers, name) ? headers[name] : undefined;
    Object.defineProperty(headers, name, {
      value: own === undefined ? value : [own, value].flat(),
      enumerable: true,
      configurable: true,
      writable: true,
    });
    return;
  }
  const old = headers[name];
  if (old === undefined) headers[name] = value;
  else if (typeof old === 'string') headers[name] = [old, value];
  else old.push(value);
}
