/**
 * Recursive-descent parser for one `${...}`:
 *
 *   expr       := and ('||' and)*
 *   and        := equality ('&&' equality)*
 *   equality   := comparison (('==' | '!=') comparison)*
 *   comparison := sum (('<' | '<=' | '>' | '>=') sum)*
 *   sum        := term (('+' | '-') term)*
 *   term       := unary (('*' | '/' | '%') unary)*
 *   unary      := ('-' | '!') unary | postfix
 *   postfix := primary ('.' name | '[' expr ']')*
 *   primary := number | string | true | false | null | '(' expr ')' | fn '(' args ')' | name
 *            | 'env' '.' NAME | 'data' '.' feeder ('.' column)?
 *
 * followed by `}` or by `:-` and raw default text up to the matching `}`. Precedence and associativity are
 * JavaScript's. Only names from the function table can be called, so a template never reaches JavaScript.
 */
import { FORBIDDEN_KEYS, MAX_DEPTH, type BinaryOp, type BuiltinName, type Node } from './ast.ts';
import { TemplateSyntaxError } from './errors.ts';
import { FUNCTIONS, findFunction } from './functions.ts';
import { Lexer, type Token } from './lexer.ts';
import type { TemplateReference } from './types.ts';

/** Builtin names, in the order documentation lists them. */
export const BUILTIN_NAMES: readonly BuiltinName[] = ['vu', 'iter', 'scenario'];
const BUILTINS: ReadonlySet<string> = new Set(BUILTIN_NAMES);

/** Binary operators by precedence, loosest first (as in JavaScript); `* / %` are parsed by term(). */
const LEVELS: readonly (readonly BinaryOp[])[] = [['||'], ['&&'], ['==', '!='], ['<', '<=', '>', '>='], ['+', '-']];

/** One parsed `${...}`. */
export interface Embedded {
  node: Node;
  /** Raw text after `:-`, or undefined when there is no default. */
  defaultText: string | undefined;
  references: TemplateReference[];
  /** Offset just after the closing `}`. */
  end: number;
}

/** Parses the `${...}` whose `$` is at `openOffset` in `source`. */
export function parseEmbedded(source: string, openOffset: number): Embedded {
  return new Parser(source, openOffset).parse();
}

class Parser {
  private readonly lexer: Lexer;
  private readonly source: string;
  private readonly references: TemplateReference[] = [];
  private tok: Token;
  /** End offset of the last consumed token: where the node being built ends. */
  private prevEnd = 0;

  constructor(source: string, openOffset: number) {
    this.source = source;
    this.lexer = new Lexer(source, openOffset);
    this.tok = this.lexer.next();
  }

  parse(): Embedded {
    if (this.tok.kind === 'close' || this.tok.kind === 'default') {
      throw new TemplateSyntaxError(
        "empty expression: write a name or value inside '${...}', or '$${' for a literal '${'",
        this.lexer.openOffset,
        this.tok.end - this.lexer.openOffset,
      );
    }
    const node = this.expr(1);
    const t: Token = this.tok; // fresh reference: the checks above narrowed this.tok
    if (t.kind === 'close') return { node, defaultText: undefined, references: this.references, end: t.end };
    if (t.kind !== 'default') throw this.unexpected("expected '}' to end the expression");
    const { text, end } = this.defaultText(t.end);
    for (const r of this.references) r.hasDefault = true;
    return { node, defaultText: text, references: this.references, end };
  }

  /** Raw default text up to the `}` that closes the expression; inner `{...}` pairs are kept (JSON defaults). */
  private defaultText(start: number): { text: string; end: number } {
    const src = this.source;
    let depth = 0;
    for (let i = start; i < src.length; i++) {
      const ch = src[i];
      if (ch === '$' && src[i + 1] === '{') {
        throw new TemplateSyntaxError(
          "a default cannot contain '${': nested expressions are not supported in defaults",
          i,
          2,
        );
      }
      if (ch === '{') depth++;
      else if (ch === '}' && depth-- === 0) return { text: src.slice(start, i), end: i + 1 };
    }
    throw new TemplateSyntaxError(
      "'${' is never closed: add the closing '}' after the default",
      this.lexer.openOffset,
      2,
    );
  }

  private advance(): Token {
    const t = this.tok;
    this.prevEnd = t.end;
    this.tok = this.lexer.next();
    return t;
  }

  private isPunct(p: string): boolean {
    return this.tok.kind === 'punct' && this.tok.value === p;
  }

  private expect(p: string, what: string): Token {
    if (!this.isPunct(p)) throw this.unexpected(`expected '${p}' ${what}`);
    return this.advance();
  }

  private unexpected(expected: string): TemplateSyntaxError {
    const t = this.tok;
    const found = t.kind === 'close' ? "'}'" : t.kind === 'default' ? "':-'" : `'${this.source.slice(t.start, t.end)}'`;
    return new TemplateSyntaxError(`${expected}, found ${found}`, t.start, t.end - t.start);
  }

  private guard(depth: number, at: number): void {
    if (depth > MAX_DEPTH) {
      throw new TemplateSyntaxError(`expression is nested too deeply (more than ${MAX_DEPTH} levels); simplify it`, at);
    }
  }

  private binary(op: BinaryOp, left: Node, right: Node): Node {
    const depth = 1 + Math.max(left.depth, right.depth);
    this.guard(depth, left.start);
    return { kind: 'binary', op, left, right, start: left.start, end: right.end, depth };
  }

  private expr(depth: number): Node {
    return this.level(0, depth);
  }

  /** One precedence level of LEVELS (left-associative), its operands from the next level down. */
  private level(i: number, depth: number): Node {
    const ops = LEVELS[i];
    if (ops === undefined) return this.term(depth);
    let left = this.level(i + 1, depth);
    while (this.tok.kind === 'punct' && ops.includes(this.tok.value as BinaryOp)) {
      const op = this.advance().value as BinaryOp;
      left = this.binary(op, left, this.level(i + 1, depth));
    }
    return left;
  }

  private term(depth: number): Node {
    let left = this.unary(depth);
    while (this.isPunct('*') || this.isPunct('/') || this.isPunct('%')) {
      const op = this.advance().value as BinaryOp;
      left = this.binary(op, left, this.unary(depth));
    }
    return left;
  }

  private unary(depth: number): Node {
    if (!this.isPunct('-') && !this.isPunct('!')) return this.postfix(depth);
    const op = this.advance();
    this.guard(depth + 1, op.start);
    const operand = this.unary(depth + 1);
    if (op.value === '!') return { kind: 'not', operand, start: op.start, end: operand.end, depth: operand.depth + 1 };
    if (operand.kind === 'literal' && typeof operand.value === 'number') {
      return { ...operand, value: -operand.value, start: op.start };
    }
    return { kind: 'neg', operand, start: op.start, end: operand.end, depth: operand.depth + 1 };
  }

  private postfix(depth: number): Node {
    let node = this.primary(depth);
    for (;;) {
      if (this.isPunct('.') || this.isPunct('[')) {
        const key = this.memberKey(depth);
        const keyDepth = typeof key === 'object' ? key.depth : 0;
        const nodeDepth = 1 + Math.max(node.depth, keyDepth);
        this.guard(nodeDepth, node.start);
        node = { kind: 'member', object: node, key, start: node.start, end: this.prevEnd, depth: nodeDepth };
      } else if (this.isPunct('(')) {
        throw new TemplateSyntaxError(
          `only built-in functions can be called, by name: ${FUNCTIONS.map((f) => f.name).join(', ')}`,
          node.start,
          this.tok.end - node.start,
        );
      } else {
        return node;
      }
    }
  }

  /** `.name`, `.0` or `[expr]`; a literal key is checked against FORBIDDEN_KEYS here, at compile time. */
  private memberKey(depth: number): string | number | Node {
    if (this.advance().value === '.') {
      const t = this.tok;
      if (t.kind === 'ident' || (t.kind === 'number' && Number.isInteger(t.value))) {
        this.advance();
        return this.checkKey(t.value, t);
      }
      throw this.unexpected("expected a property name after '.'");
    }
    this.guard(depth + 1, this.tok.start);
    const key = this.expr(depth + 1);
    this.expect(']', "to close '['");
    if (key.kind === 'literal' && (typeof key.value === 'string' || typeof key.value === 'number')) {
      return this.checkKey(key.value, key);
    }
    return key;
  }

  private checkKey(key: string | number, at: { start: number; end: number }): string | number {
    if (typeof key === 'string' && FORBIDDEN_KEYS.has(key)) {
      throw new TemplateSyntaxError(
        `property '${key}' is not allowed: templates read plain data only`,
        at.start,
        at.end - at.start,
      );
    }
    return key;
  }

  private primary(depth: number): Node {
    const t = this.tok;
    if (t.kind === 'number' || t.kind === 'string') {
      this.advance();
      return { kind: 'literal', value: t.value, start: t.start, end: t.end, depth: 1 };
    }
    if (this.isPunct('(')) {
      this.advance();
      this.guard(depth + 1, t.start);
      const inner = this.expr(depth + 1);
      const close = this.expect(')', "to close '('");
      return { ...inner, start: t.start, end: close.end };
    }
    if (t.kind !== 'ident') throw this.unexpected('expected a value, a name or a function call');
    this.advance();
    const name = t.value as string;
    if (this.isPunct('(')) return this.call(name, t, depth);
    switch (name) {
      case 'true':
      case 'false':
        return { kind: 'literal', value: name === 'true', start: t.start, end: t.end, depth: 1 };
      case 'null':
        return { kind: 'literal', value: null, start: t.start, end: t.end, depth: 1 };
      case 'env':
        return this.env(t);
      case 'data':
        return this.data(t, depth);
    }
    this.checkKey(name, t);
    const kind = BUILTINS.has(name) ? 'builtin' : 'var';
    this.references.push({ kind, name, hasDefault: false, offset: t.start });
    return kind === 'builtin'
      ? { kind, name: name as BuiltinName, start: t.start, end: t.end, depth: 1 }
      : { kind, name, start: t.start, end: t.end, depth: 1 };
  }

  /** A static `.name` or `['name']` after env / data. */
  private staticName(what: string, example: string): string {
    if (this.isPunct('.')) {
      this.advance();
      const t = this.tok;
      if (t.kind !== 'ident') throw this.unexpected(`expected ${what} after '.' (e.g. ${example})`);
      this.advance();
      return this.checkKey(t.value as string, t) as string;
    }
    if (this.isPunct('[')) {
      this.advance();
      const t = this.tok;
      if (t.kind !== 'string') throw this.unexpected(`expected ${what} as a quoted string (e.g. ${example})`);
      this.advance();
      this.expect(']', "to close '['");
      return this.checkKey(t.value as string, t) as string;
    }
    throw this.unexpected(`expected ${what} (e.g. ${example})`);
  }

  private env(t: Token): Node {
    const name = this.staticName('an environment variable name', '${env.BASE_URL}');
    this.references.push({ kind: 'env', name, hasDefault: false, offset: t.start });
    return { kind: 'env', name, start: t.start, end: this.prevEnd, depth: 1 };
  }

  private data(t: Token, depth: number): Node {
    const feeder = this.staticName('a data feeder name', '${data.users.email}');
    let column: string | undefined;
    let node: Node | undefined;
    if (this.isPunct('.')) {
      column = this.staticName('a column name', '${data.users.email}');
    } else if (this.isPunct('[')) {
      // `data.users['first name']` names a column; `data.users[i]` is an ordinary computed member of the row.
      const row: Node = { kind: 'data', feeder, column: undefined, start: t.start, end: this.prevEnd, depth: 1 };
      const key = this.memberKey(depth);
      if (typeof key === 'string') column = key;
      else
        node = {
          kind: 'member',
          object: row,
          key,
          start: t.start,
          end: this.prevEnd,
          depth: 1 + (typeof key === 'object' ? key.depth : 0),
        };
    }
    this.references.push({
      kind: 'data',
      name: feeder,
      ...(column !== undefined && { column }),
      hasDefault: false,
      offset: t.start,
    });
    return node ?? { kind: 'data', feeder, column, start: t.start, end: this.prevEnd, depth: 1 };
  }

  private call(name: string, t: Token, depth: number): Node {
    const fn = findFunction(name);
    if (fn === undefined) {
      throw new TemplateSyntaxError(
        `unknown function '${name}'; available functions: ${FUNCTIONS.map((f) => `${f.name}(${f.params})`).join(', ')}`,
        t.start,
        t.end - t.start,
      );
    }
    this.advance();
    this.guard(depth + 1, t.start);
    const args: Node[] = [];
    while (!this.isPunct(')')) {
      args.push(this.expr(depth + 1));
      if (!this.isPunct(')')) this.expect(',', 'between arguments');
    }
    const close = this.advance();
    if (args.length < fn.minArgs || args.length > fn.maxArgs) {
      const count =
        fn.minArgs === fn.maxArgs
          ? `${fn.minArgs}`
          : fn.maxArgs === Infinity
            ? `at least ${fn.minArgs}`
            : `${fn.minArgs} to ${fn.maxArgs}`;
      throw new TemplateSyntaxError(
        `${name}(${fn.params}) takes ${count} argument${count === '1' ? '' : 's'}, got ${args.length}`,
        t.start,
        close.end - t.start,
      );
    }
    if (fn.namesRequest === true) {
      if (args[0] !== undefined) this.requestName(args[0]);
      else this.references.push({ kind: 'response', name: '', hasDefault: false, offset: t.start });
    }
    const depthOut = 1 + args.reduce((m, a) => Math.max(m, a.depth), 0);
    return { kind: 'call', name, args, start: t.start, end: close.end, depth: depthOut };
  }

  /** `status('Login')`: the name is checked against the plan's requests at validation, so it must be literal text. */
  private requestName(arg: Node): void {
    if (arg.kind !== 'literal' || typeof arg.value !== 'string') {
      throw new TemplateSyntaxError(
        "expected a request name in quotes, e.g. status('Login')",
        arg.start,
        arg.end - arg.start,
      );
    }
    this.references.push({ kind: 'response', name: arg.value, hasDefault: false, offset: arg.start });
  }
}
