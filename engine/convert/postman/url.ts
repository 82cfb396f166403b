/**
 * Postman URLs: a string, or an object with `raw` (preferred: it is what Postman sends) or host/path/query parts.
 * Path variables (`/users/:id` with url.variable) are filled in; a URL without a scheme gets http://, as in Postman.
 */
import type { Notes } from '../draft.ts';
import type { PostmanUrl } from './schema.ts';
import type { PostmanVariables } from './variables.ts';

export function postmanUrl(
  u: PostmanUrl | undefined,
  vars: PostmanVariables,
  where: string,
  notes: Notes,
): string | undefined {
  if (u === undefined) return undefined;
  let raw: string;
  const pathVars = new Map<string, string>();
  if (typeof u === 'string') raw = u;
  else {
    for (const v of u.variable ?? [])
      if (v.key) pathVars.set(v.key, v.value === undefined || v.value === null ? '' : String(v.value));
    raw = u.raw ?? build(u);
    const off = (u.query ?? []).filter((q) => q.disabled).map((q) => q.key);
    if (off.length) notes.add('info', where, `disabled query parameter(s) left out: ${off.join(', ')}`);
  }
  if (raw.trim() === '') return undefined;
  raw = raw.trim().replace(/(\/):([A-Za-z_][\w-]*)(?=$|[/?#])/g, (m, slash: string, name: string) => {
    const value = pathVars.get(name);
    if (value === undefined || value === '') {
      notes.add('approximated', where, `path variable :${name} has no value: the plan uses {{${name}}}`);
      return `${slash}{{${name}}}`;
    }
    return slash + value;
  });
  const text = vars.text(raw, where);
  return /^https?:\/\//i.test(text) || text.startsWith('${') ? text : `http://${text}`;
}

function build(u: Exclude<PostmanUrl, string>): string {
  const host = Array.isArray(u.host) ? u.host.join('.') : (u.host ?? '');
  const path = Array.isArray(u.path)
    ? u.path.map((p) => (typeof p === 'string' ? p : (p.value ?? ''))).join('/')
    : (u.path ?? '');
  const query = (u.query ?? [])
    .filter((q) => !q.disabled)
    .map((q) => (q.value === undefined || q.value === null ? q.key : `${q.key}=${String(q.value)}`))
    .join('&');
  return `${u.protocol ? `${u.protocol}://` : ''}${host}${u.port ? `:${u.port}` : ''}${path ? `/${path.replace(/^\//, '')}` : ''}${query ? `?${query}` : ''}`;
}
