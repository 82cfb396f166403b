/**
 * Postman auth at every level (collection, folder, request; `inherit` or absent = the parent's, `noauth` = none)
 * -> plan auth. Bearer, basic and API key map directly; an OAuth 2 access token is sent as a bearer token; the
 * schemes that compute signatures or run handshakes (digest, hawk, AWS, NTLM, OAuth 1...) are reported.
 */
import type { Auth } from '../../plan/schema/index.ts';
import type { Notes } from '../draft.ts';
import type { PostmanAuth } from './schema.ts';
import type { PostmanVariables } from './variables.ts';

/** The effective auth: undefined = inherit from the parent. `null` in the collection means none. */
export type Resolved = Auth | 'unsupported';

export function convertAuth(
  a: PostmanAuth | null | undefined,
  vars: PostmanVariables,
  where: string,
  notes: Notes,
): Resolved | undefined {
  if (a === undefined) return undefined;
  if (a === null || a.type === 'noauth') return { type: 'none' };
  if (a.type === 'inherit') return undefined;
  const p = (key: string): string | undefined => {
    const raw = param(a[a.type], key);
    return raw === undefined ? undefined : vars.text(raw, where);
  };
  switch (a.type) {
    case 'bearer':
      return { type: 'bearer', token: p('token') ?? '' };
    case 'basic':
      return { type: 'basic', username: p('username') ?? '', password: p('password') ?? '' };
    case 'apikey': {
      const inQuery = p('in') === 'query';
      return {
        type: 'apiKey',
        name: p('key') || 'X-API-Key',
        value: p('value') ?? '',
        ...(inQuery ? { in: 'query' as const } : {}),
      };
    }
    case 'oauth2': {
      const token = p('accessToken');
      notes.add(
        'approximated',
        where,
        token !== undefined
          ? 'OAuth 2: the access token is sent as a bearer token; fetching and refreshing tokens is not imported'
          : 'OAuth 2 without a stored access token: the plan sends a bearer token from ${env.OAUTH_TOKEN}; fetching tokens is not imported',
      );
      return { type: 'bearer', token: token ?? '${env.OAUTH_TOKEN}' };
    }
    default:
      notes.add(
        'not-imported',
        where,
        `${a.type} auth: the plan has no equivalent (it computes signatures or runs a handshake); requests using it are sent without auth — add a header or a login request`,
      );
      return 'unsupported';
  }
}

/** v2.1 writes auth parameters as [{ key, value }], v2.0 as { key: value }. */
function param(params: unknown, key: string): string | undefined {
  if (Array.isArray(params)) {
    const found = params.find(
      (x: unknown) => typeof x === 'object' && x !== null && (x as { key?: unknown }).key === key,
    ) as { value?: unknown } | undefined;
    return found?.value === undefined ? undefined : String(found.value);
  }
  if (params && typeof params === 'object') {
    const v = (params as Record<string, unknown>)[key];
    return v === undefined ? undefined : String(v);
  }
  return undefined;
}
