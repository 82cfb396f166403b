/**
 * Path parsing: `$` followed by segments (`.name`, `..`, `[...]`), compiled straight into selectors and
 * segments. Filters (`[?...]`) are parsed by the subclass in filter.ts, which also parses the paths
 * inside filters with segments() below: the two are mutually recursive.
 */
import { isDigit, isNameStart, Lexer } from './lexer.ts';
import {
  childSegment,
  descendantSegment,
  filterSelector,
  indexSelector,
  nameSelector,
  sliceSelector,
  wildcardSelector,
} from './select.ts';
import type { Predicate, Segment, Selector } from './types.ts';

/** A parsed query: its segments and whether it can only ever select one node (names and indexes). */
export interface Query {
  segments: Segment[];
  singular: boolean;
}

export abstract class PathParser extends Lexer {
  /** The filter expression after `?`; see filter.ts. */
  protected abstract logical(depth: number): Predicate;

  parse(): Segment[] {
    this.skipSpace();
    if (!this.eat('$')) {
      this.fail("a JSONPath starts with '$' (the document root), e.g. $.results[0].id");
    }
    const { segments } = this.segments(0);
    this.skipSpace();
    if (this.pos < this.src.length) {
      this.fail(`unexpected '${this.peek()}'; continue the path with .name, ['name'], [index], [*] or [?filter]`);
    }
    return segments;
  }

  /** Segments after `$` or `@`, as long as the next character starts one. */
  protected segments(depth: number): Query {
    const segments: Segment[] = [];
    let singular = true;
    for (;;) {
      const save = this.pos;
      this.skipSpace();
      if (this.eat('..')) {
        singular = false;
        const at = this.pos;
        if (this.peek() === '[') segments.push(descendantSegment(this.bracket(depth).selectors));
        else if (this.eat('*')) segments.push(descendantSegment([wildcardSelector]));
        else if (isNameStart(this.peek())) segments.push(descendantSegment([nameSelector(this.name())]));
        else this.fail(`expected a name, * or [ after '..'${this.found()}`, at);
      } else if (this.eat('.')) {
        if (this.eat('*')) {
          singular = false;
          segments.push(childSegment([wildcardSelector]));
        } else if (isNameStart(this.peek())) {
          segments.push(childSegment([nameSelector(this.name())]));
        } else if (isDigit(this.peek())) {
          const digits = /^\d+/.exec(this.src.slice(this.pos))?.[0] ?? '';
          this.fail(`a name cannot start with a digit; for an array index write [${digits}]`);
        } else {
          this.fail(`expected a name or * after '.'${this.found()}`);
        }
      } else if (this.peek() === '[') {
        const b = this.bracket(depth);
        singular &&= b.singular;
        segments.push(childSegment(b.selectors));
      } else {
        this.pos = save;
        return { segments, singular };
      }
    }
  }

  /** `[sel, sel, ...]`; singular when it is one name or one index. */
  private bracket(depth: number): { selectors: Selector[]; singular: boolean } {
    const open = this.pos;
    this.pos++; // '['
    const selectors: Selector[] = [];
    let singular = true;
    for (;;) {
      this.skipSpace();
      const c = this.peek();
      if (c === "'" || c === '"') {
        selectors.push(nameSelector(this.string()));
      } else if (c === '*') {
        this.pos++;
        singular = false;
        selectors.push(wildcardSelector);
      } else if (c === '?') {
        this.pos++;
        singular = false;
        selectors.push(filterSelector(this.logical(depth + 1)));
      } else if (c === ':' || c === '-' || isDigit(c)) {
        const s = this.indexOrSlice();
        singular &&= s.singular;
        selectors.push(s.selector);
      } else if (c === ']' && selectors.length === 0) {
        this.fail("empty brackets: write ['name'], [index], [start:end], [*] or [?filter]");
      } else {
        this.fail(`expected a quoted name, an index, a slice, * or ?filter inside [ ]${this.found()}`);
      }
      this.skipSpace();
      if (this.eat(']')) break;
      if (!this.eat(',')) this.fail(`expected ',' or ']' to close the '[' at character ${open}${this.found()}`);
    }
    return { selectors, singular: singular && selectors.length === 1 };
  }

  private indexOrSlice(): { selector: Selector; singular: boolean } {
    const start = this.integer();
    this.skipSpace();
    if (this.peek() !== ':') {
      if (start === undefined) this.fail('expected an index');
      return { selector: indexSelector(start), singular: true };
    }
    this.pos++;
    const end = this.integer();
    let step: number | undefined;
    this.skipSpace();
    if (this.eat(':')) step = this.integer();
    return { selector: sliceSelector(start, end, step ?? 1), singular: false };
  }
}
