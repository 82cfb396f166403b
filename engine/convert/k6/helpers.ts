/**
 * The small functions an exported k6 script may need, written out in the script (no remote modules): each has
 * the JavaScript source and the helpers it uses. The exporter adds only the ones its code calls.
 */
import { FLOW_HELPERS } from './flow-helpers.ts';
import { WS_HELPERS } from './websocket-js.ts';
import { GRPC_HELPERS } from './grpc-helpers.ts';
import type { Helper } from './script.ts';

export const HELPERS: Record<string, Helper> = {
  ...WS_HELPERS,
  ...GRPC_HELPERS,
  v: {
    uses: [],
    code: `// A plan variable or a value extracted earlier by this VU; missing ends the iteration, as in Loadsmith.
function v(name) {
  if (vars[name] === undefined) throw new Error(\`'\${name}' has no value (its extraction failed or it was never set)\`);
  return vars[name];
}`,
  },
  env: {
    uses: [],
    code: `function env(name) {
  if (__ENV[name] === undefined) throw new Error(\`environment variable \${name} is not set: k6 run -e \${name}=...\`);
  return __ENV[name];
}`,
  },
  d: {
    uses: [],
    code: `// A column of this iteration's row of a data file.
function d(feeder, column) {
  const r = row[feeder];
  if (r === undefined) throw new Error(\`no row of \${feeder} for this iteration\`);
  return column === undefined ? r : r[column];
}`,
  },
  dflt: {
    uses: [],
    code: `function dflt(value, fallback) {
  return value === undefined || value === null || value === '' ? fallback : value;
}`,
  },
  txt: {
    uses: [],
    code: `// A value as template text: numbers plain, objects as JSON (Loadsmith's rules).
function txt(value) {
  if (value === undefined) throw new Error('a value used in a request is undefined');
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value);
}`,
  },
  num: {
    uses: [],
    code: `function num(value) {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw new Error(\`\${JSON.stringify(value)} is not a number\`);
  return n;
}`,
  },
  eq: {
    uses: [],
    code: `// Loadsmith's ==: data compared deeply, a number equal to text holding the same number.
function eq(a, b) {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'string') return b.trim() !== '' && Number(b) === a;
  if (typeof a === 'string' && typeof b === 'number') return eq(b, a);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && eq(a[k], b[k]));
}`,
  },
  ord: {
    uses: ['num'],
    code: `// Loadsmith's ordering: two texts alphabetically, anything else as numbers.
function ord(a, b) {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return Math.sign(num(a) - num(b));
}`,
  },
  add: {
    uses: ['txt'],
    code: `function add(a, b) {
  return typeof a === 'number' && typeof b === 'number' ? a + b : txt(a) + txt(b);
}`,
  },
  mem: {
    uses: [],
    code: `function mem(object, key) {
  return object !== null && typeof object === 'object' && Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}`,
  },
  fn: {
    uses: ['txt', 'statuses'],
    code: `// The plan's template functions.
const fn = {
  uuid: () => crypto.randomUUID(),
  randomInt: (min, max) => Number(min) + Math.floor(Math.random() * (Number(max) - Number(min) + 1)),
  randomItem: (...items) => { const list = items.length === 1 && Array.isArray(items[0]) ? items[0] : items; return list[Math.floor(Math.random() * list.length)]; },
  randomString: (length, charset = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789') => { const c = Array.from(String(charset)); let s = ''; for (let i = 0; i < Number(length); i++) s += c[Math.floor(Math.random() * c.length)]; return s; },
  now: () => Date.now(),
  isoNow: () => new Date().toISOString(),
  base64: (s) => encoding.b64encode(txt(s)),
  base64Decode: (s) => encoding.b64decode(txt(s).replace(/-/g, '+').replace(/_/g, '/'), 'std', 's'),
  urlEncode: (s) => encodeURIComponent(txt(s)),
  lower: (s) => txt(s).toLowerCase(),
  upper: (s) => txt(s).toUpperCase(),
  json: (value) => JSON.stringify(value),
  len: (value) => (typeof value === 'string' || Array.isArray(value) ? value.length : Object.keys(value).length),
  isSet: (value) => value !== undefined && value !== null,
  status: (name) => (name === undefined ? statuses.last : statuses.byName[name] === undefined ? 0 : statuses.byName[name]),
};`,
  },
  u: {
    uses: [],
    code: `// Loadsmith's URL rule: absolute URLs as they are, anything else appended to the base URL.
function u(base, url) {
  if (/^https?:\\/\\//i.test(url)) return url;
  const b = base.endsWith('/') ? base.slice(0, -1) : base;
  return url === '' ? b : url.startsWith('/') || url.startsWith('?') ? b + url : \`\${b}/\${url}\`;
}`,
  },
  q: {
    uses: ['txt'],
    code: `function q(url, pairs) {
  const query = pairs.map(([k, value]) => \`\${encodeURIComponent(k)}=\${encodeURIComponent(txt(value))}\`).join('&');
  const base = url.split('#')[0];
  return base + (base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?') + query;
}`,
  },
  form: {
    uses: ['txt'],
    code: `function form(pairs) {
  return pairs.map(([k, value]) => \`\${encodeURIComponent(k)}=\${encodeURIComponent(txt(value))}\`).join('&');
}`,
  },
  hdr: {
    uses: [],
    code: `// A response header by name, any case (k6 canonicalises names).
function hdr(res, name) {
  const key = Object.keys(res.headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : res.headers[key];
}`,
  },
  headersText: {
    uses: [],
    code: `function headersText(res) {
  return Object.entries(res.headers).map(([k, value]) => \`\${k}: \${value}\`).join('\\r\\n');
}`,
  },
  jp: {
    uses: [],
    code: `// A JSONPath of names, indexes, [*], .. and slices, compiled to steps by the exporter; every match in order.
function jp(res, steps) {
  let doc;
  try { doc = res.json(); } catch (e) { return []; }
  let nodes = [doc];
  for (const [kind, a, b, c] of steps) {
    const out = [];
    const own = (o, k) => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);
    const kids = (n) => (Array.isArray(n) ? n : n !== null && typeof n === 'object' ? Object.values(n) : []);
    const all = (n, acc) => { for (const k of kids(n)) { acc.push(k); all(k, acc); } return acc; };
    for (const n of nodes) {
      const scope = kind.startsWith('..') ? [n, ...all(n, [])] : [n];
      for (const s of scope) {
        if (kind.endsWith('name')) { if (!Array.isArray(s) && own(s, a)) out.push(s[a]); }
        else if (kind.endsWith('index')) { if (Array.isArray(s)) { const i = a < 0 ? s.length + a : a; if (i >= 0 && i < s.length) out.push(s[i]); } }
        else if (kind.endsWith('all')) out.push(...kids(s));
        else if (kind.endsWith('slice') && Array.isArray(s)) {
          const len = s.length, step = c === undefined ? 1 : c;
          const norm = (i) => (i >= 0 ? i : len + i);
          if (step > 0) { for (let i = Math.min(Math.max(norm(a === undefined ? 0 : a), 0), len); i < Math.min(Math.max(norm(b === undefined ? len : b), 0), len); i += step) out.push(s[i]); }
          else if (step < 0) { for (let i = Math.min(Math.max(norm(a === undefined ? len - 1 : a), -1), len - 1); Math.min(Math.max(norm(b === undefined ? -len - 1 : b), -1), len - 1) < i; i += step) out.push(s[i]); }
        }
      }
    }
    nodes = out;
  }
  return nodes;
}`,
  },
  deq: {
    uses: [],
    code: `function deq(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deq(a[k], b[k]));
}`,
  },
  n0: {
    uses: [],
    code: `function n0(value) {
  return typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
}`,
  },
  between: {
    uses: [],
    code: `function between(text, left, right) {
  const i = text.indexOf(left);
  if (i < 0) return undefined;
  const j = text.indexOf(right, i + left.length);
  return j < 0 ? undefined : text.slice(i + left.length, j);
}`,
  },
  grpcView: {
    uses: [],
    code: `// A k6 gRPC response as the checks read an HTTP one: status (the gRPC code), json() (the message), headers and
// trailers (metadata, values joined), timings.duration (the call, in ms).
function grpcView(g, t0) {
  const flat = (m) => Object.fromEntries(Object.entries(m || {}).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
  return { status: Number(g.status), message: g.message, json: () => g.message, headers: flat(g.headers), trailerView: { headers: flat(g.trailers) }, timings: { duration: Date.now() - t0 } };
}`,
  },
  setVar: {
    uses: [],
    code: `// Saves an extracted value; a miss keeps the default, or unsets the variable (a later use then fails loudly).
// True unless it missed with no default (a failure, for the request's onFailure).
function setVar(name, value, fallback) {
  if (value !== undefined) vars[name] = value;
  else if (fallback !== undefined) vars[name] = fallback;
  else delete vars[name];
  return value !== undefined || fallback !== undefined;
}`,
  },
  csv: {
    uses: [],
    code: `// RFC 4180 CSV with a header row -> [{ column: value }] (values stay text, as in Loadsmith).
function csv(text, delimiter = ',') {
  const rows = [];
  let row = [], field = '', quoted = false;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) { if (ch === '"') { if (s[i + 1] === '"') { field += '"'; i++; } else quoted = false; } else field += ch; continue; }
    if (ch === '"') quoted = true;
    else if (ch === delimiter) { row.push(field); field = ''; }
    else if (ch === '\\n' || ch === '\\r') { if (ch === '\\r' && s[i + 1] === '\\n') i++; row.push(field); rows.push(row); row = []; field = ''; }
    else field += ch;
  }
  if (field !== '' || row.length > 0) { row.push(field); rows.push(row); }
  const [header, ...records] = rows.filter((r) => !(r.length === 1 && r[0] === ''));
  return records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] === undefined ? '' : r[i]])));
}`,
  },
  ...FLOW_HELPERS,
};

/** The helpers to include for the names used, dependencies first, in a stable order. */
export function helperCode(used: ReadonlySet<string>): string {
  return [...helperNames(used)].map((n) => HELPERS[n]?.code ?? '').join('\n\n');
}

/** The names used and the helpers they need. */
export function helperNames(used: ReadonlySet<string>): ReadonlySet<string> {
  const all = new Set<string>();
  const add = (name: string): void => {
    if (all.has(name)) return;
    for (const dep of HELPERS[name]?.uses ?? []) add(dep);
    all.add(name);
  };
  for (const name of Object.keys(HELPERS)) if (used.has(name)) add(name);
  return all;
}
