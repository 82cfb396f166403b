/**
 * A fast reader for the plain block-style YAML that plans are written in (by hand, by the designer, by importers and
 * recordings): text -> value in one pass, without the yaml library's syntax tree and document. Those two hold ~60
 * to 100 bytes for every byte of YAML at once, which made a 4 MB recording peak at ~340 MB just to be read.
 *
 * It reads a subset only: block mappings and sequences, plain and quoted scalars, flow collections on one line,
 * literal block scalars (`|`, `|-`), comments. Anything else (anchors, aliases, tags, folded or indented block scalars,
 * multi-line plain or quoted scalars, explicit keys, duplicate keys, keys that are not text, tabs, CRs, a second
 * document...) makes it give up with undefined, and the caller reads the text with the yaml library (plan/source.ts),
 * which also gives every error its place. What it returns is what that reading returns, value for value: scalars
 * resolve as the YAML 1.2 core schema does in the yaml library (block-yaml.test.ts compares the two).
 */
import { own } from './own-string.ts';
import { MAX_DEPTH } from './limits.ts';

/** The text is not in the subset: read it with the yaml library. */
class GiveUp extends Error {}
const giveUp = (): never => {
  throw new GiveUp();
};

// The YAML 1.2 core schema's plain scalars, as the yaml library resolves them (yaml/dist/schema/core, common/null).
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const TRUE = /^(?:[Tt]rue|TRUE)$/;
const FALSE = /^(?:[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

function plainValue(s: string): unknown {
  if (NULL.test(s)) return null;
  if (TRUE.test(s)) return true;
  if (FALSE.test(s)) return false;
  if (INT_OCT.test(s)) return parseInt(s.slice(2), 8);
  if (INT.test(s)) return parseInt(s, 10);
  if (INT_HEX.test(s)) return parseInt(s.slice(2), 16);
  if (FLOAT_NAN.test(s))
    return s.endsWith('nan') || s.endsWith('NaN') || s.endsWith('NAN') ? NaN : s[0] === '-' ? -Infinity : Infinity;
  if (FLOAT_EXP.test(s) || FLOAT.test(s)) return parseFloat(s);
  return s;
}

/** A plain key that the yaml library would read as something else than its text (a number, true, null), or merge. */
const isOddKey = (s: string): boolean => plainValue(s) !== s || s === '<<';

/** What a plain scalar may not start with (indicators; `-`, `?`, `:` only when a space follows, checked apart). */
const INDICATOR = /^[[\]{},#&*!|>'"%@`]/;
const DASH_LIKE = /^[-?:](?: |$)/;
/** Double-quoted escapes taken here; any other makes the reader give up. */
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  '0': '\0',
};

/** The value of a plain-block-style YAML plan, or undefined when the text is outside what this reader takes. */
export function readBlockYaml(text: string): { value: unknown } | undefined {
  // Tabs and CRs: indentation and line rules this reader does not take on. A BOM or a directive: the same.
  // Control characters, NEL and the Unicode line separators: the same.
  // eslint-disable-next-line no-control-regex -- finding them is the point
  if (/[\x00-\x09\x0b-\x1f\x7f\x85\u2028\u2029\uFEFF]/.test(text) || text.startsWith('%')) return undefined;
  try {
    return { value: new Reader(text).document() };
  } catch (e) {
    if (e instanceof GiveUp || e instanceof RangeError) return undefined;
    throw e;
  }
}

class Reader {
  private readonly lines: string[];
  private i = 0;

  constructor(text: string) {
    this.lines = text.split('\n');
  }

  document(): unknown {
    this.skip(true);
    if (this.i < this.lines.length && this.lines[this.i] === '---') {
      this.i++;
      this.skip();
    }
    if (this.i >= this.lines.length || indentOf(this.line()) !== 0 || this.isItem(0)) giveUp();
    const value = this.map(0, undefined, 1);
    this.skip();
    if (this.i < this.lines.length) giveUp(); // something left at a lower indentation, or a second document
    return value;
  }

  private line(): string {
    return this.lines[this.i]!;
  }

  /** Past blank and comment-only lines; a document marker (but a first `---`: `start`) ends what this reader takes. */
  private skip(start = false): void {
    while (this.i < this.lines.length) {
      const l = this.lines[this.i]!;
      const t = skipSpaces(l);
      if (t !== '' && !t.startsWith('#')) {
        if ((l.startsWith('---') || l.startsWith('...')) && !(start && l === '---')) giveUp();
        return;
      }
      this.i++;
    }
  }

  /** The next content line's indentation, or -1 at the end. */
  private nextIndent(): number {
    this.skip();
    return this.i < this.lines.length ? indentOf(this.line()) : -1;
  }

  private isItem(indent: number): boolean {
    const l = this.line();
    return l[indent] === '-' && (l.length === indent + 1 || l[indent + 1] === ' ');
  }

  /** The block node whose first line is the next content line, more indented than `parent`; null when there is none. */
  private nested(parent: number, depth: number, seqAtParent: boolean): unknown {
    const n = this.nextIndent();
    if (n > parent) return this.isItem(n) ? this.seq(n, depth) : this.map(n, undefined, depth);
    if (seqAtParent && n === parent && this.isItem(n)) return this.seq(n, depth); // `key:` then `- item` below it
    return null;
  }

  private seq(indent: number, depth: number): unknown[] {
    if (depth > MAX_DEPTH) giveUp();
    const out: unknown[] = [];
    while (this.nextIndent() === indent && this.isItem(indent)) {
      const l = this.line();
      let col = indent + 1;
      while (l[col] === ' ') col++;
      const rest = l.slice(col);
      if (rest === '' || rest.startsWith('#')) {
        this.i++;
        out.push(own(this.nested(indent, depth + 1, false)));
      } else if (DASH_LIKE.test(rest)) giveUp();
      else if (keyEnd(rest) >= 0) out.push(this.map(col, rest, depth + 1));
      else {
        out.push(own(inline(rest, depth + 1)));
        this.i++;
        this.after(indent);
      }
    }
    if (this.i < this.lines.length && this.nextIndent() > indent) giveUp();
    return out;
  }

  /** A block mapping at `indent`; `first` is its first entry's text when it follows a `- ` on the same line. */
  private map(indent: number, first: string | undefined, depth: number): Record<string, unknown> {
    if (depth > MAX_DEPTH) giveUp();
    const out: Record<string, unknown> = {};
    let entry = first;
    for (;;) {
      if (entry === undefined) {
        if (this.nextIndent() !== indent || this.isItem(indent)) break;
        entry = this.line().slice(indent);
      }
      const end = keyEnd(entry);
      if (end < 0) giveUp();
      const key = keyOf(entry.slice(0, end));
      const rest = skipSpaces(entry.slice(end + 1));
      entry = undefined;
      let value: unknown;
      if (rest === '' || rest.startsWith('#')) {
        this.i++;
        value = this.nested(indent, depth + 1, true);
      } else if (rest.startsWith('|') || rest.startsWith('>')) {
        value = this.blockScalar(rest, indent);
      } else if (DASH_LIKE.test(rest)) giveUp();
      else {
        value = inline(rest, depth + 1);
        this.i++;
        this.after(indent);
      }
      setKey(out, key, value);
    }
    return out;
  }

  /** After a value that ended its line: the next line may not continue it (a multi-line scalar, or an error). */
  private after(indent: number): void {
    const n = this.nextIndent();
    if (n > indent) giveUp();
  }

  /** A block scalar (`|`, `|-`, `>`, `>-`) whose content lines are more indented than `parent`. */
  private blockScalar(header: string, parent: number): string {
    const h = dropSpaces(header.replace(/ +#.*$/, ''));
    if (h !== '|' && h !== '|-' && h !== '>' && h !== '>-') giveUp();
    this.i++;
    const lines: string[] = [];
    let indent = -1;
    while (this.i < this.lines.length) {
      const l = this.line();
      if (l === '') {
        lines.push('');
        this.i++;
        continue;
      }
      const n = indentOf(l);
      if (n === l.length) giveUp(); // a line of spaces only: its rules are not taken here
      if (indent < 0) {
        if (n <= parent) break;
        indent = n;
      }
      if (n < indent) break;
      lines.push(l.slice(indent));
      this.i++;
    }
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    // Empty, or starting with empty lines: left to the library.
    if (indent < 0 || lines.length === 0 || lines[0] === '') giveUp();
    if (this.nextIndent() > parent) giveUp();
    const text = h[0] === '|' ? lines.join('\n') : folded(lines);
    return h.length === 1 ? `${text}\n` : text;
  }
}

/** Folded lines: one line break between two lines becomes a space, and each empty line a line break. */
function folded(lines: readonly string[]): string {
  let out = '';
  let breaks = 0;
  for (const [k, line] of lines.entries()) {
    if (line === '') {
      breaks++;
      continue;
    }
    if (line[0] === ' ') giveUp(); // a more indented line keeps its line breaks: not taken here
    out += k === 0 ? line : breaks === 0 ? ` ${line}` : '\n'.repeat(breaks) + line;
    breaks = 0;
  }
  return out;
}

/**
 * Sets a key of a value being read, as plan/yaml-value.ts does (an own property even for `__proto__` and names
 * Object.prototype has); a duplicate key makes the reader give up: the yaml library's reading says where.
 */
function setKey(out: Record<string, unknown>, key: string, read: unknown): void {
  if (Object.hasOwn(out, key)) giveUp();
  const value = own(read);
  if (key in out) Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  else out[key] = value;
}

/** A scalar or a flow collection that must end on this line (a comment may follow). */
function inline(s: string, depth: number): unknown {
  const r = new Flow(s, depth);
  const value = r.value(false);
  r.end();
  return value;
}

/** YAML's white space is the space (and the tab, which this reader leaves): not JavaScript's trim(), which takes
 * U+3000, U+00A0 and the rest too. */
const skipSpaces = (s: string): string => s.slice(indentOf(s));
const dropSpaces = (s: string): string => {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 0x20) end--;
  return s.slice(0, end);
};

const indentOf = (l: string): number => {
  let n = 0;
  while (l.charCodeAt(n) === 0x20) n++;
  return n;
};

/** Where a block mapping entry's key ends (its `:`), or -1 when `s` is not `key: ...`. */
function keyEnd(s: string): number {
  const c = s[0];
  if (c === '"' || c === "'") {
    const close = quotedEnd(s, 0);
    if (close < 0) return -1;
    let j = close + 1;
    while (s[j] === ' ') j++;
    return s[j] === ':' && (j + 1 === s.length || s[j + 1] === ' ') ? j : -1;
  }
  if (c === undefined || INDICATOR.test(s) || DASH_LIKE.test(s)) return -1;
  for (let j = s.indexOf(':'); j >= 0; j = s.indexOf(':', j + 1)) {
    if (j + 1 === s.length || s[j + 1] === ' ') {
      const key = s.slice(0, j);
      return key.includes(' #') ? -1 : j;
    }
  }
  return -1;
}

/** The text of a key (the part before its `:`); an implicit key is at most 1,024 characters. */
function keyOf(raw: string): string {
  const k = dropSpaces(raw);
  if (k.length > 1024) giveUp();
  if (k[0] === '"' || k[0] === "'") {
    const f = new Flow(k, 0);
    const v = f.value(false);
    f.end();
    return v as string;
  }
  if (isOddKey(k)) giveUp();
  return k;
}

/** Index of the quote closing the quoted scalar that starts at `from`, or -1 when it does not end on this line. */
function quotedEnd(s: string, from: number): number {
  const q = s[from];
  for (let j = from + 1; j < s.length; j++) {
    const c = s[j];
    if (q === '"' && c === '\\') j++;
    else if (c === q) {
      if (q === "'" && s[j + 1] === "'") j++;
      else return j;
    }
  }
  return -1;
}

/** One line's scalars and flow collections. */
class Flow {
  private p = 0;
  private readonly s: string;
  private depth: number;

  constructor(s: string, depth: number) {
    this.s = s;
    this.depth = depth;
  }

  /** What is left after the value: spaces, then nothing or a comment. */
  end(): void {
    this.spaces();
    if (this.p < this.s.length && !(this.s[this.p] === '#' && this.s[this.p - 1] === ' ')) giveUp();
  }

  value(inFlow: boolean): unknown {
    const c = this.s[this.p];
    if (c === '"') return this.double();
    if (c === "'") return this.single();
    if (c === '[') return this.flowSeq();
    if (c === '{') return this.flowMap();
    return plainValue(this.plain(inFlow));
  }

  private spaces(): void {
    while (this.s[this.p] === ' ') this.p++;
  }

  private plain(inFlow: boolean): string {
    const s = this.s;
    const start = this.p;
    if (INDICATOR.test(s.slice(start, start + 1)) || DASH_LIKE.test(s.slice(start, start + 2))) giveUp();
    if (inFlow && /^[-?:][,[\]{}]/.test(s.slice(start, start + 2))) giveUp();
    let j = start;
    for (; j < s.length; j++) {
      const c = s[j];
      if (c === '#' && s[j - 1] === ' ') break;
      if (c === ':' && (j + 1 === s.length || s[j + 1] === ' ' || (inFlow && ',[]{}'.includes(s[j + 1]!)))) giveUp();
      if (inFlow && (c === ',' || c === ']' || c === '}' || c === '[' || c === '{')) break;
    }
    const text = dropSpaces(s.slice(start, j));
    if (text === '') giveUp();
    this.p = start + text.length;
    return text;
  }

  private double(): string {
    const s = this.s;
    let out = '';
    let j = this.p + 1;
    let k = -1;
    for (;;) {
      if (k < j) k = s.indexOf('"', j); // searched again only past an escaped quote: linear in the line
      const b = s.indexOf('\\', j);
      if (k < 0) giveUp(); // a multi-line quoted scalar
      if (b >= 0 && b < k) {
        out += s.slice(j, b);
        const e = s[b + 1]!;
        if (e === 'u' || e === 'x' || e === 'U') {
          const len = e === 'x' ? 2 : e === 'u' ? 4 : 8;
          const hex = s.slice(b + 2, b + 2 + len);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== len) giveUp();
          out += String.fromCodePoint(parseInt(hex, 16));
          j = b + 2 + len;
        } else {
          const r = ESCAPES[e];
          if (r === undefined) giveUp();
          out += r;
          j = b + 2;
        }
        continue;
      }
      out += s.slice(j, k);
      this.p = k + 1;
      return out;
    }
  }

  private single(): string {
    const s = this.s;
    const close = quotedEnd(s, this.p);
    if (close < 0) giveUp();
    const text = s.slice(this.p + 1, close).replaceAll("''", "'");
    this.p = close + 1;
    return text;
  }

  private flowSeq(): unknown[] {
    const out: unknown[] = [];
    this.items(']', () => out.push(own(this.value(true))));
    return out;
  }

  private flowMap(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.items('}', () => {
      const key = this.flowKey();
      this.spaces();
      setKey(out, key, this.value(true));
    });
    return out;
  }

  /** A flow collection's items up to `close`, each read by `item`; one level deeper while they are read. */
  private items(close: string, item: () => void): void {
    if (++this.depth > MAX_DEPTH) giveUp();
    this.p++;
    this.spaces();
    if (this.s[this.p] === close) this.p++;
    else
      for (;;) {
        this.spaces();
        item();
        this.spaces();
        const c = this.s[this.p++];
        if (c === close) break;
        if (c !== ',') giveUp(); // `key: value` in a list, or the end of the line
        this.spaces();
        if (this.s[this.p] === close) giveUp(); // a trailing comma
      }
    this.depth--;
  }

  /** A flow mapping's key and its `:` (after a plain key, followed by a space: `{a:1}` is left to the library). */
  private flowKey(): string {
    const s = this.s;
    let key: string;
    const c = s[this.p];
    if (c === '"' || c === "'") {
      key = c === '"' ? this.double() : this.single();
      this.spaces();
      if (s[this.p] !== ':') giveUp();
      this.p++; // after a quoted key, JSON's `"a":1` needs no space
      return key;
    } else {
      const start = this.p;
      if (c === undefined || INDICATOR.test(c) || DASH_LIKE.test(s.slice(start, start + 2))) giveUp();
      const colon = s.indexOf(': ', start);
      if (colon < 0) giveUp();
      key = dropSpaces(s.slice(start, colon));
      if (key === '' || /[,[\]{}#]/.test(key) || isOddKey(key)) giveUp();
      this.p = start + key.length;
    }
    this.spaces();
    if (s[this.p] !== ':' || s[this.p + 1] !== ' ') giveUp();
    this.p += 2;
    return key;
  }
}
