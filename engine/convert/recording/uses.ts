/**
 * Where a request sends a value back (URL path, query parameter, header, body field or text), as it is or
 * percent-encoded, and the same request with each of those places written as `${variable}` (or
 * `${urlEncode(variable)}` where it was encoded). The Cookie header is the cookie jar's, never searched.
 */
import type { DraftBody, DraftRequest } from '../draft.ts';
import type { UseKind } from './kinds.ts';
import { occurrences, replaceToken } from './values.ts';

export interface Use {
  where: UseKind;
  /** Header or query parameter name, body field path; '' for the URL path and a text body. */
  name: string;
  /** Sent percent-encoded. */
  encoded: boolean;
}

/** The uses of `value` in `d`, and `d` with them replaced by the variable (a new draft; `d` is not changed). */
export function replaceUses(d: DraftRequest, value: string, variable: string): { uses: Use[]; draft: DraftRequest } {
  const uses: Use[] = [];
  const encodedValue = encodeURIComponent(value);
  const swap = (text: string, where: UseKind, name: string, encodedToo: boolean): string => {
    let out = text;
    if (occurrences(out, value).length > 0) {
      uses.push({ where, name, encoded: false });
      out = replaceToken(out, value, `\${${variable}}`);
    }
    if (encodedToo && encodedValue !== value && occurrences(out, encodedValue).length > 0) {
      uses.push({ where, name, encoded: true });
      out = replaceToken(out, encodedValue, `\${urlEncode(${variable})}`);
    }
    return out;
  };

  const q = d.url.indexOf('?');
  const path = q < 0 ? d.url : d.url.slice(0, q);
  const query = q < 0 ? '' : d.url.slice(q + 1);
  // The origin (scheme://host:port) is the base URL's business, not a correlation.
  const originEnd = /^[a-z]+:\/\/[^/]*/i.exec(path)?.[0].length ?? 0;
  let url = path.slice(0, originEnd) + swap(path.slice(originEnd), 'url', '', true);
  if (q >= 0) {
    url += `?${query
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        return eq < 0
          ? pair
          : `${pair.slice(0, eq + 1)}${swap(pair.slice(eq + 1), 'query', safeDecode(pair.slice(0, eq)), true)}`;
      })
      .join('&')}`;
  }
  const headers = d.headers.map(([k, v]): [string, string] => [
    k,
    k.toLowerCase() === 'cookie' ? v : swap(v, 'header', k, false),
  ]);
  const draft: DraftRequest = { ...d, url, headers };
  if (d.body) draft.body = body(d.body, swap);
  return { uses, draft };
}

type Swap = (text: string, where: UseKind, name: string, encodedToo: boolean) => string;

function body(b: DraftBody, swap: Swap): DraftBody {
  switch (b.kind) {
    case 'form':
      return { kind: 'form', fields: b.fields.map(([k, v]) => [k, swap(v, 'body', k, false)]) };
    case 'text':
      return { kind: 'text', text: swap(b.text, 'body', '', true) };
    case 'json':
      return { kind: 'json', value: json(b.value, '$', swap) };
    default:
      return b;
  }
}

function json(v: unknown, path: string, swap: Swap): unknown {
  if (typeof v === 'string') return swap(v, 'body', path, false);
  // A number the response produced stays a number: "${var}" alone renders the extracted value with its type.
  if (typeof v === 'number' && Number.isSafeInteger(v)) {
    const out = swap(String(v), 'body', path, false);
    return out === String(v) ? v : out;
  }
  if (Array.isArray(v)) return v.map((x, i) => json(x, `${path}[${i}]`, swap));
  if (v !== null && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [
        k,
        json(x, /^[A-Za-z_]\w*$/.test(k) ? `${path}.${k}` : `${path}['${k}']`, swap),
      ]),
    );
  }
  return v;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
