/**
 * Tokenizer for the inside of one `${...}`. It starts right after `${` and stops at the `}` that closes
 * the expression (a `}` inside a string literal does not count) or at the `:-` that starts a default.
 * It works on char codes of the whole template source so every token keeps its absolute offset.
 */
import { TemplateSyntaxError } from './errors.ts';

/** Longest expression (between `${` and `}` / `:-`) we compile; keeps hostile input cheap to reject. */
export const MAX_EXPRESSION_LENGTH = 2000;

export type TokenKind = 'number' | 'string' | 'ident' | 'punct' | 'close' | 'default';

export interface Token {
  kind: TokenKind;
  /** Number value, string value (escapes resolved), identifier, or the punctuation itself. */
  value: string | number;
  start: number;
  end: number;
}

const PUNCT = '+-*/%()[].,<>!';
/** Two-character operators; `=`, `&` and `|` only start one of these. */
const PAIRS: ReadonlySet<string> = new Set(['==', '!=', '<=', '>=', '&&', '||']);
const ESCAPES = new Map<string, string>([
  ['\\', '\\'],
  ["'", "'"],
  ['"', '"'],
  ['/', '/'],
  ['n', '\n'],
  ['r', '\r'],
  ['t', '\t'],
  ['b', '\b'],
  ['f', '\f'],
  ['0', '\0'],
]);

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isIdentStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isIdentPart = (c: number): boolean => isIdentStart(c) || isDigit(c);
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

export class Lexer {
  readonly source: string;
  /** Offset of the `${` that opened this expression, for "never closed" errors. */
  readonly openOffset: number;
  pos: number;

  constructor(source: string, openOffset: number) {
    this.source = source;
    this.openOffset = openOffset;
    this.pos = openOffset + 2;
  }

  next(): Token {
    const src = this.source;
    while (this.pos < src.length && isSpace(src.charCodeAt(this.pos))) this.pos++;
    const start = this.pos;
    if (start - this.openOffset > MAX_EXPRESSION_LENGTH) {
      throw new TemplateSyntaxError(
        `expression is longer than ${MAX_EXPRESSION_LENGTH} characters; split it into smaller \${...} parts or use a variable`,
        this.openOffset,
        2,
      );
    }
    if (start >= src.length) {
      throw new TemplateSyntaxError(
        "'${' is never closed: add the closing '}', or write '$${' for a literal '${'",
        this.openOffset,
        2,
      );
    }
    const c = src.charCodeAt(start);
    const ch = src[start] as string;
    if (ch === '}') return this.token('close', '}', start + 1);
    if (ch === ':') {
      if (src[start + 1] === '-') return this.token('default', ':-', start + 2);
      throw new TemplateSyntaxError("unexpected ':'; a default value is written ${name:-default}", start);
    }
    if (isDigit(c)) return this.number(start);
    if (ch === "'" || ch === '"') return this.string(start, ch);
    if (isIdentStart(c)) {
      let end = start + 1;
      while (end < src.length && isIdentPart(src.charCodeAt(end))) end++;
      return this.token('ident', src.slice(start, end), end);
    }
    const pair = src.slice(start, start + 2);
    if (PAIRS.has(pair)) return this.token('punct', pair, start + 2);
    if (PUNCT.includes(ch)) return this.token('punct', ch, start + 1);
    if (ch === '=') throw new TemplateSyntaxError("unexpected '='; compare with ==", start);
    if (ch === '&' || ch === '|')
      throw new TemplateSyntaxError(`unexpected '${ch}'; 'and' is written &&, 'or' ||`, start);
    const shown = src.codePointAt(start) ?? c;
    throw new TemplateSyntaxError(
      `unexpected character '${String.fromCodePoint(shown)}' in expression; expressions use names, literals, ` +
        'functions such as uuid(), + - * / %, comparisons (== != < <= > >=) and && || !',
      start,
    );
  }

  private token(kind: TokenKind, value: string | number, end: number): Token {
    const t: Token = { kind, value, start: this.pos, end };
    this.pos = end;
    return t;
  }

  private number(start: number): Token {
    const src = this.source;
    let end = start;
    while (isDigit(src.charCodeAt(end))) end++;
    if (src[end] === '.' && isDigit(src.charCodeAt(end + 1))) {
      end++;
      while (isDigit(src.charCodeAt(end))) end++;
    }
    if (src[end] === 'e' || src[end] === 'E') {
      let e = end + 1;
      if (src[e] === '+' || src[e] === '-') e++;
      if (isDigit(src.charCodeAt(e))) {
        while (isDigit(src.charCodeAt(e))) e++;
        end = e;
      }
    }
    if (isIdentStart(src.charCodeAt(end))) {
      throw new TemplateSyntaxError(`'${src.slice(start, end + 1)}' is not a number or a name`, start, end + 1 - start);
    }
    const value = Number(src.slice(start, end));
    if (!Number.isFinite(value)) throw new TemplateSyntaxError('number is too large', start, end - start);
    return this.token('number', value, end);
  }

  private string(start: number, quote: string): Token {
    const src = this.source;
    let out = '';
    let i = start + 1;
    let chunk = i;
    for (;;) {
      if (i >= src.length) {
        throw new TemplateSyntaxError(`string is never closed: add the closing ${quote}`, start, 1);
      }
      const ch = src[i] as string;
      if (ch === quote) break;
      if (ch === '\\') {
        out += src.slice(chunk, i);
        const esc = src[i + 1] ?? '';
        if (esc === 'u' && /^[0-9a-fA-F]{4}$/.test(src.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(src.slice(i + 2, i + 6), 16));
          i += 6;
        } else if (ESCAPES.has(esc)) {
          out += ESCAPES.get(esc);
          i += 2;
        } else {
          throw new TemplateSyntaxError(
            `unknown escape '\\${esc}' in string; use \\\\ for a backslash, \\${quote} for a quote`,
            i,
            2,
          );
        }
        chunk = i;
        continue;
      }
      i++;
    }
    out += src.slice(chunk, i);
    return this.token('string', out, i + 1);
  }
}
