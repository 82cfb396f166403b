/**
 * Credentials never reach a raw results file. Replaced by `***` in a URL:
 *   - the password of the user-info (`https://user:***@host/`), as Go's url.Redacted does;
 *   - every query parameter named like the plan's query-string auth (`auth: { type: apiKey, in: query, name }`),
 *     whether the engine appended it or the URL template already had it.
 * Headers and bodies are not written at all. A secret the plan puts in the URL some other way (a path segment,
 * a parameter of another name) is the plan's choice and is written as sent.
 */
export const REDACTED = '***';

export function redactUrl(url: string, queryNames: readonly string[]): string {
  let out = redactUserInfo(url);
  for (const name of queryNames) out = redactParam(out, name);
  return out;
}

function redactUserInfo(url: string): string {
  const scheme = url.indexOf('://');
  if (scheme < 0 || !url.includes('@', scheme)) return url;
  const start = scheme + 3;
  let end = start;
  while (end < url.length && url[end] !== '/' && url[end] !== '?' && url[end] !== '#') end++;
  const at = url.lastIndexOf('@', end - 1);
  if (at < start) return url;
  const colon = url.indexOf(':', start);
  if (colon < 0 || colon > at) return url;
  return `${url.slice(0, colon + 1)}${REDACTED}${url.slice(at)}`;
}

function redactParam(url: string, name: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const end = hash < 0 ? url.length : hash;
  const encoded = encodeURIComponent(name);
  if (!url.includes(encoded, q) && !url.includes('%', q)) return url; // the common case, without splitting
  let changed = false;
  const parts = url
    .slice(q + 1, end)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const key = eq < 0 ? part : part.slice(0, eq);
      if (key !== encoded && key !== name && decodeOr(key) !== name) return part;
      changed = true;
      return `${key}=${REDACTED}`;
    });
  return changed ? `${url.slice(0, q + 1)}${parts.join('&')}${url.slice(end)}` : url;
}

function decodeOr(s: string): string {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return s;
  }
}
