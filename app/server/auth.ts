/** The session token: generation, constant-time comparison, and where a request may carry it (cookie or Bearer). */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Name of the session cookie set by the token exchange. Browsers share cookies across the ports of a host, so the
 * port is part of the name: two `loadsmith ui` instances on one machine do not log each other out.
 */
export function sessionCookieName(port: number): string {
  return `loadsmith_session_${port}`;
}

const TOKEN_SHAPE = /^[A-Za-z0-9._~-]{16,512}$/;

/** 32 random bytes, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Throws when a caller-supplied token is too short to resist guessing or unsafe in a cookie or URL. */
export function assertUsableToken(token: string): void {
  if (!TOKEN_SHAPE.test(token)) {
    throw new Error('loadsmith ui: the token must be 16 to 512 characters from A-Z a-z 0-9 . _ ~ -');
  }
}

/** Constant-time equality: both sides are hashed first, so neither content nor length leaks through timing. */
export function tokensEqual(candidate: string, expected: string): boolean {
  const a = createHash('sha256').update(candidate).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Every value of the cookie `name` in a `Cookie` header (browsers may send duplicates from other paths). */
export function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    values.push(part.slice(eq + 1).trim());
  }
  return values;
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1];
}

/** True when the session cookie or a Bearer header carries the token. */
export function isAuthorized(headers: IncomingHttpHeaders, token: string, port: number): boolean {
  const candidates = cookieValues(headers.cookie, sessionCookieName(port));
  const bearer = bearerToken(headers.authorization);
  if (bearer !== undefined) candidates.push(bearer);
  // Compare against every candidate (no early exit) so timing says nothing about which one matched.
  let ok = false;
  for (const candidate of candidates) ok = tokensEqual(candidate, token) || ok;
  return ok;
}

/** The `Set-Cookie` value of the token exchange: not readable by scripts, never sent cross-site. */
export function sessionCookie(token: string, port: number): string {
  return `${sessionCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
