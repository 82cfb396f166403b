/**
 * Character-level reading of a path: a cursor over the source with whitespace, names, integers and
 * quoted strings. The path and filter parsers build on it; every error carries the offending offset.
 */
import { JsonPathSyntaxError } from './errors.ts';

export const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
export const isNameStart = (c: string | undefined): boolean =>
  c !== undefined && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '$' || c > '\x7f');
export const isNameChar = (c: string | undefined): boolean => isNameStart(c) || isDigit(c) || c === '-';
const ESCAPES = new Map([
  ['b', '\b'],
  ['f', '\f'],
  ['n', '\n'],
  ['r', '\r'],
  ['t', '\t'],
  ['/', '/'],
  ['\\', '\\'],
  ["'", "'"],
  ['"', '"'],
]);

export class Lexer {
  protected readonly src: string;
  protected pos = 0;

  constructor(src: string) {
    this.src = src;
  }

  protected fail(message: string, at = this.pos): never {
    throw new JsonPathSyntaxError(message, at);
  }

  protected peek(offset = 0): string | undefined {
    return this.src[this.pos + offset];
  }

  protected skipSpace(): void {
    while (this.peek() === ' ' || this.peek() === '\t' || this.peek() === '\n' || this.peek() === '\r') this.pos++;
  }

  protected eat(text: string): boolean {
    if (!this.src.startsWith(text, this.pos)) return false;
    this.pos += text.length;
    return true;
  }

  protected expect(text: string, why: string): void {
    this.skipSpace();
    if (!this.eat(text)) this.fail(`expected '${text}' ${why}${this.found()}`);
  }

  protected found(): string {
    const c = this.peek();
    return c === undefined ? ', but the path ends here' : `, found '${c}'`;
  }

  protected name(): string {
    const start = this.pos;
    while (isNameChar(this.peek())) this.pos++;
    return this.src.slice(start, this.pos);
  }

  protected integer(): number | undefined {
    this.skipSpace();
    const start = this.pos;
    if (this.peek() === '-') this.pos++;
    if (!isDigit(this.peek())) {
      if (this.pos > start) this.fail("expected digits after '-'");
      return undefined;
    }
    while (isDigit(this.peek())) this.pos++;
    const n = Number(this.src.slice(start, this.pos));
    if (!Number.isSafeInteger(n)) this.fail('index is too large', start);
    return n;
  }

  protected string(): string {
    const quote = this.peek() as string;
    const start = this.pos++;
    let out = '';
    for (;;) {
      const c = this.peek();
      if (c === undefined) this.fail(`string is never closed: add the closing ${quote}`, start);
      this.pos++;
      if (c === quote) return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = this.peek() ?? '';
      const hex = this.src.slice(this.pos + 1, this.pos + 5);
      if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(hex)) {
        out += String.fromCharCode(parseInt(hex, 16));
        this.pos += 5;
      } else if (ESCAPES.has(e)) {
        out += ESCAPES.get(e);
        this.pos++;
      } else {
        this.fail(`unknown escape '\\${e}' in string`, this.pos - 1);
      }
    }
  }
}
