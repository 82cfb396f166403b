/**
 * Strings for a schema's `pattern`, when the pattern is simple: sequences of characters, escapes (`\d`, `\w`),
 * classes (`[A-Z0-9-]`), groups with alternatives and quantifiers (`?`, `*`, `+`, `{n,m}`). Each candidate is checked
 * with the real regular expression; a pattern this cannot satisfy gives undefined, never a wrong value.
 */

/** The pattern as a RegExp (Unicode, as JSON Schema means it), or undefined when JavaScript cannot read it. */
export function compilePattern(pattern: string): RegExp | undefined {
  if (pattern.length > 500) return undefined;
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return undefined;
  }
}

type Piece = string | { alphabet: string; count: number };

/** A short string the pattern accepts, built from it; undefined when it is not simple enough. */
export function fromPattern(pattern: string): string | undefined {
  const pieces = read(pattern);
  if (!pieces) return undefined;
  const out = pieces.map((p) => (typeof p === 'string' ? p : p.alphabet[0]!.repeat(p.count))).join('');
  return compilePattern(pattern)!.test(out) ? out : undefined;
}

/**
 * A template the pattern accepts whatever its random parts draw: each repeated class (`[A-Z]{3}`, `\d{4}`) becomes
 * `${randomString(n, 'ABC...')}`, so `^[A-Z]{3}-\d{4}$` gives a different SKU each time. Undefined when the pattern
 * has no such part or is not simple enough.
 */
export function randomFromPattern(pattern: string): string | undefined {
  const pieces = read(pattern);
  if (!pieces?.some((p) => typeof p !== 'string')) return undefined;
  const re = compilePattern(pattern)!;
  const sample = (pick: (a: string) => string): string =>
    pieces.map((p) => (typeof p === 'string' ? p : pick(p.alphabet).repeat(p.count))).join('');
  if (![(a: string) => a[0]!, (a: string) => a.at(-1)!].every((pick) => re.test(sample(pick)))) return undefined;
  return pieces
    .map((p) => (typeof p === 'string' ? p.replaceAll('${', '$${') : `\${randomString(${p.count}, '${p.alphabet}')}`))
    .join('');
}

function read(pattern: string): Piece[] | undefined {
  if (!compilePattern(pattern)) return undefined;
  try {
    return sequence(pattern, { i: 0 }, '');
  } catch {
    return undefined;
  }
}

/** Characters a class or escape allows among those a template string can hold plainly. */
const SAFE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.';
function alphabetOf(source: string): string {
  const re = compilePattern(`^${source}$`);
  return re ? [...SAFE].filter((c) => re.test(c)).join('') : '';
}

const ESCAPES: Record<string, string> = { d: '1', w: 'a', s: ' ', D: 'a', W: '-', S: 'a', n: '\n', t: '\t' };

/** Reads until `end` (or the end of the pattern): one alternative is produced, the first. */
function sequence(p: string, at: { i: number }, end: string): Piece[] {
  const out: Piece[] = [];
  while (at.i < p.length && !end.includes(p[at.i]!)) {
    const ch = p[at.i]!;
    const start = at.i;
    if (ch === '^' || ch === '$') {
      at.i++;
      continue;
    }
    if (ch === '|') {
      // the first alternative is enough: skip the others up to `end`
      skipTo(p, at, end);
      break;
    }
    if (ch === '(') {
      at.i++;
      if (p.startsWith('?:', at.i)) at.i += 2;
      else if (p[at.i] === '?') throw new Error('lookaround or named group');
      const group = sequence(p, at, ')');
      if (p[at.i] !== ')') throw new Error('unclosed group');
      at.i++;
      const n = quantifier(p, at);
      for (let k = 0; k < n; k++) out.push(...group);
      continue;
    }
    let atom: string | undefined;
    if (ch === '[') atom = charClass(p, at);
    else if (ch === '\\') {
      atom = ESCAPES[p[at.i + 1] ?? ''] ?? p[at.i + 1];
      at.i += 2;
    } else if (ch === '.') {
      atom = 'a';
      at.i++;
    } else {
      atom = ch;
      at.i++;
    }
    if (atom === undefined) throw new Error('no character fits');
    const source = p.slice(start, at.i);
    const count = quantifier(p, at);
    const alphabet = ch === '[' || (ch === '\\' && /[dwDWS]/.test(p[start + 1] ?? '')) ? alphabetOf(source) : '';
    if (alphabet.length > 1 && count > 0) out.push({ alphabet, count });
    else out.push(atom.repeat(count));
  }
  return out;
}

function skipTo(p: string, at: { i: number }, end: string): void {
  let depth = 0;
  while (at.i < p.length && (depth > 0 || !end.includes(p[at.i]!))) {
    if (p[at.i] === '\\') at.i++;
    else if (p[at.i] === '(') depth++;
    else if (p[at.i] === ')') depth--;
    at.i++;
  }
}

/** The first character a class allows (`[^...]`: a letter or digit it does not exclude). */
function charClass(p: string, at: { i: number }): string | undefined {
  const close = p.indexOf(']', at.i + 2);
  if (close < 0) throw new Error('unclosed class');
  const body = p.slice(at.i + 1, close);
  at.i = close + 1;
  const re = compilePattern(`[${body}]`);
  if (!re) return undefined;
  const first = body.startsWith('^') ? undefined : body[0] === '\\' ? (ESCAPES[body[1] ?? ''] ?? body[1]) : body[0];
  return [first, 'a', 'A', '1', '-', '_', '.', ' '].find((c) => c !== undefined && re.test(c));
}

/** How many times the atom repeats: the least the quantifier allows, but once rather than never (`\d{0,8}`: `1`). */
function quantifier(p: string, at: { i: number }): number {
  const ch = p[at.i];
  if (ch === '?') {
    at.i++;
    skipLazy(p, at);
    return 0;
  }
  if (ch === '*' || ch === '+') {
    at.i++;
    skipLazy(p, at);
    return 1;
  }
  const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(at.i));
  if (!m) return 1;
  at.i += m[0].length;
  skipLazy(p, at);
  const least = Number(m[1]);
  return least > 0 || m[3] === '0' || m[2] === undefined ? least : 1;
}

function skipLazy(p: string, at: { i: number }): void {
  if (p[at.i] === '?') at.i++;
}
