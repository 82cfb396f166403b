/**
 * The plan's default authentication as the form switches between kinds. Secrets are proposed as environment
 * references (${env.API_TOKEN}) so they live in environments, not in the plan file.
 */
import type { Auth } from 'loadsmith/plan';
import { objectOf, textOf, type Draft } from '../core/doc/index.ts';

export const AUTH_KINDS = [
  { type: 'none', label: 'None' },
  { type: 'bearer', label: 'Bearer token' },
  { type: 'basic', label: 'Basic (user and password)' },
  { type: 'apiKey', label: 'API key' },
] as const;
export type AuthKind = (typeof AUTH_KINDS)[number]['type'];

const str = (v: unknown): string | undefined => textOf(v) || undefined;

/**
 * The auth object for a kind, keeping the secret's text when moving between token kinds. `none` gives undefined:
 * in the defaults no auth and `{ type: none }` mean the same, and the plan stays minimal.
 */
export function authFor(kind: AuthKind, previous: Draft<Auth> | undefined): Auth | undefined {
  const p = objectOf(previous) ?? {};
  switch (kind) {
    case 'none':
      return undefined;
    case 'bearer':
      return { type: 'bearer', token: str(p.token) ?? str(p.value) ?? '${env.API_TOKEN}' };
    case 'basic':
      return {
        type: 'basic',
        username: str(p.username) ?? '${env.API_USER}',
        password: str(p.password) ?? '${env.API_PASSWORD}',
      };
    case 'apiKey':
      return {
        type: 'apiKey',
        name: str(p.name) ?? 'X-API-Key',
        value: str(p.value) ?? str(p.token) ?? '${env.API_KEY}',
      };
  }
}

/** The kind shown for the document's auth value (absent means none). */
export function authKind(auth: Draft<Auth> | undefined): AuthKind | 'unknown' {
  if (auth === undefined) return 'none';
  const t = objectOf(auth)?.type;
  return AUTH_KINDS.find((k) => k.type === t)?.type ?? 'unknown';
}
