/**
 * Filter expressions (`[?...]`): `||`, `&&`, `!`, parentheses, comparisons and existence tests, compiled
 * into predicates. Completes the parser: PathParser calls logical() for each `?`, and paths inside a
 * filter are parsed with PathParser.segments().
 */
import { compare } from './compare.ts';
import { NOTHING } from './data.ts';
import type { Value } from './data.ts';
import { MAX_FILTER_DEPTH } from './limits.ts';
import { isNameChar } from './lexer.ts';
import { PathParser } from './parser.ts';
import { run } from './select.ts';
import type { Operand, Predicate } from './types.ts';

export class Parser extends PathParser {
  private guard(depth: number): void {
    if (depth > MAX_FILTER_DEPTH) this.fail(`filter is nested too deeply (more than ${MAX_FILTER_DEPTH} levels)`);
  }

  /** `a || b || ...` of `x && y && ...`: flat lists, so long chains add no recursion. */
  protected override logical(depth: number): Predicate {
    this.guard(depth);
    const alternatives: Predicate[] = [];
    do {
      const all: Predicate[] = [];
      do all.push(this.unary(depth));
      while ((this.skipSpace(), this.eat('&&')));
      alternatives.push(all.length === 1 ? (all[0] as Predicate) : (c, r) => all.every((p) => p(c, r)));
    } while ((this.skipSpace(), this.eat('||')));
    return alternatives.length === 1 ? (alternatives[0] as Predicate) : (c, r) => alternatives.some((p) => p(c, r));
  }

  private unary(depth: number): Predicate {
    this.skipSpace();
    if (this.eat('!')) {
      this.guard(depth + 1);
      this.skipSpace();
      const at = this.pos;
      const inner = this.peek() === '(' ? this.parenthesised(depth + 1) : this.existence(depth + 1);
      this.skipSpace();
      if (/^(==|!=|<|>)/.test(this.src.slice(this.pos, this.pos + 2))) {
        this.fail("'!' applies to (...) or to a path; to negate a comparison write !(a == b) or use !=", at);
      }
      return (c, r) => !inner(c, r);
    }
    if (this.peek() === '(') return this.parenthesised(depth + 1);
    return this.comparisonOrTest(depth);
  }

  private parenthesised(depth: number): Predicate {
    this.guard(depth);
    this.pos++; // '('
    const inner = this.logical(depth);
    this.expect(')', "to close '('");
    return inner;
  }

  private existence(depth: number): Predicate {
    const c = this.peek();
    if (c !== '@' && c !== '$') this.fail(`expected a path (@... or $...) or '(' after '!'${this.found()}`);
    const q = this.query(depth);
    return (cur, root) => q.run(cur, root).length > 0;
  }

  private query(depth: number): { run: (cur: Value, root: Value) => Value[]; singular: boolean; at: number } {
    const at = this.pos;
    const relative = this.peek() === '@';
    this.pos++;
    const { segments, singular } = this.segments(depth);
    return { run: (cur, root) => run(segments, relative ? cur : root, root), singular, at };
  }

  private comparisonOrTest(depth: number): Predicate {
    const left = this.operand(depth);
    this.skipSpace();
    const opAt = this.pos;
    const op = (['==', '!=', '<=', '>=', '<', '>'] as const).find((o) => this.eat(o));
    if (op === undefined) {
      if (this.peek() === '=') this.fail("use '==' to compare", opAt);
      if (left.query === undefined) {
        this.fail(
          'a value alone is not a condition; compare it (e.g. @.price < 10) or test a path (e.g. @.isbn)',
          left.at,
        );
      }
      const q = left.query;
      return (cur, root) => q(cur, root).length > 0;
    }
    const right = this.operand(depth);
    for (const side of [left, right]) {
      if (side.query !== undefined && !side.singular) {
        this.fail(
          'a comparison needs a single value: use names and indexes (@.a.b, @[0]), not *, .., slices or filters',
          side.at,
        );
      }
    }
    const a = left.value;
    const b = right.value;
    return (cur, root) => compare(op, a(cur, root), b(cur, root));
  }

  /** A literal or a path, as a value: a path gives its single node, or NOTHING. */
  private operand(depth: number): {
    value: Operand;
    query?: (cur: Value, root: Value) => Value[];
    singular: boolean;
    at: number;
  } {
    this.skipSpace();
    const at = this.pos;
    const c = this.peek();
    if (c === '@' || c === '$') {
      const q = this.query(depth);
      const value: Operand = (cur, root) => {
        const nodes = q.run(cur, root);
        return nodes.length === 1 ? nodes[0] : NOTHING;
      };
      return { value, query: q.run, singular: q.singular, at };
    }
    const literal = this.literal();
    return { value: () => literal, singular: true, at };
  }

  private literal(): Value {
    const c = this.peek();
    if (c === "'" || c === '"') return this.string();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.src.startsWith(word, this.pos) && !isNameChar(this.src[this.pos + word.length])) {
        this.pos += word.length;
        return value;
      }
    }
    const m = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(this.src.slice(this.pos, this.pos + 400));
    if (m !== null && !isNameChar(this.src[this.pos + m[0].length])) {
      this.pos += m[0].length;
      return Number(m[0]);
    }
    this.fail(`expected a value (number, 'string', true, false, null) or a path (@.name, $.name)${this.found()}`);
  }
}
