/**
 * OpenAPI security -> plan auth, credentials always from the environment (`${env.<SCHEME>}`): http bearer and
 * basic, API keys in a header, the query or a cookie; OAuth 2 and OpenID Connect send a bearer token the user
 * obtains beforehand. The first requirement whose schemes are all supported is used (alternatives are OR).
 */
import type { Auth } from '../../plan/schema/index.ts';
import type { Notes } from '../draft.ts';
import { envName } from '../secrets.ts';
import { isObj, type Obj } from './refs.ts';

export interface Credentials {
  auth?: Auth;
  headers: [string, string][];
  query: [string, string][];
}

export function credentials(
  requirements: unknown,
  schemes: Obj,
  where: string,
  notes: Notes,
  label: string,
): Credentials {
  const out: Credentials = { headers: [], query: [] };
  if (!Array.isArray(requirements) || requirements.length === 0) return out;
  const usable = requirements.find((r) => isObj(r) && Object.keys(r).every((n) => supported(schemes[n])));
  if (usable === undefined) {
    const names = requirements.flatMap((r) => (isObj(r) ? Object.keys(r) : [])).join(', ');
    notes.add(
      'not-imported',
      where,
      `security (${names}): no supported scheme; the request is sent without credentials`,
    );
    return out;
  }
  for (const name of Object.keys(usable as Obj)) {
    const s = schemes[name] as Obj;
    const env = envName(name);
    const type = String(s.type);
    const at = `${label}: securitySchemes.${name}`;
    if (type === 'http' && String(s.scheme).toLowerCase() === 'basic') {
      set(
        out,
        { type: 'basic', username: `\${env.${env}_USERNAME}`, password: `\${env.${env}_PASSWORD}` },
        notes,
        where,
      );
      notes.add(
        'secret',
        at,
        `security scheme ${name} (basic): credentials from \${env.${env}_USERNAME} and \${env.${env}_PASSWORD}`,
      );
    } else if (type === 'http' || type === 'oauth2' || type === 'openIdConnect') {
      set(out, { type: 'bearer', token: `\${env.${env}}` }, notes, where);
      notes.add(
        'secret',
        at,
        `security scheme ${name} (${type === 'http' ? 'bearer' : type}): the token comes from \${env.${env}}`,
      );
      if (type !== 'http')
        notes.add(
          'approximated',
          at,
          `security scheme ${name} (${type}): obtaining the token is not imported; set ${env} to a valid access token`,
        );
    } else if (type === 'apiKey') {
      const key = String(s.name ?? name);
      notes.add(
        'secret',
        at,
        `security scheme ${name} (API key ${key} in ${String(s.in)}): the key comes from \${env.${env}}`,
      );
      if (s.in === 'cookie') out.headers.push(['Cookie', `${key}=\${env.${env}}`]);
      else if (out.auth === undefined)
        out.auth = {
          type: 'apiKey',
          name: key,
          value: `\${env.${env}}`,
          ...(s.in === 'query' ? { in: 'query' as const } : {}),
        };
      else if (s.in === 'query') out.query.push([key, `\${env.${env}}`]);
      else out.headers.push([key, `\${env.${env}}`]);
    }
  }
  return out;
}

function set(out: Credentials, auth: Auth, notes: Notes, where: string): void {
  if (out.auth === undefined) out.auth = auth;
  else
    notes.add(
      'not-imported',
      where,
      `a second credential (${auth.type}) required together with ${out.auth.type}: plans send one auth; add it as a header`,
    );
}

function supported(s: unknown): boolean {
  if (!isObj(s)) return false;
  if (s.type === 'http') return ['basic', 'bearer'].includes(String(s.scheme).toLowerCase());
  return s.type === 'apiKey' || s.type === 'oauth2' || s.type === 'openIdConnect';
}
