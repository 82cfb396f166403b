import { describe, expect, it } from 'vitest';
import {
  applyCompletion,
  completionContext,
  expressionContext,
  filterCompletions,
  type Completion,
} from './completions.ts';
import { dataFeeders, envNamesInDoc, templateCompletions } from './sources.ts';
import { templateSpans } from './spans.ts';

const kinds = (s: string): string =>
  templateSpans(s)
    .map((x) => `${x.kind}:${s.slice(x.start, x.end)}`)
    .join('|');

describe('templateSpans', () => {
  it('finds expressions, escapes and text, covering the whole string', () => {
    expect(kinds('/users/${userId}?q=$${x}')).toBe('text:/users/|expr:${userId}|text:?q=|escape:$${|text:x}');
    expect(kinds('${a}${b}')).toBe('expr:${a}|expr:${b}');
    expect(kinds('plain $ text }')).toBe('text:plain $ text }');
    expect(templateSpans('')).toEqual([]);
  });
  it('ends an expression where the engine does: a } inside a string literal does not close it', () => {
    expect(kinds("a${m['}']}b")).toBe("text:a|expr:${m['}']}|text:b");
    expect(kinds('${env.X:-{"a":1}}!')).toBe('expr:${env.X:-{"a":1}}|text:!');
  });
  it('marks what the engine rejects, with its message, and goes on after it', () => {
    const spans = templateSpans('x${}y${ok}');
    expect(spans.map((s) => s.kind)).toEqual(['text', 'error', 'text', 'expr']);
    expect(spans[1]?.message).toMatch(/empty expression/);
    expect(kinds('a${unclosed and ${b}')).toBe('text:a|error:${unclosed and |expr:${b}');
    expect(kinds('${nope(}')).toBe('error:${nope(}');
  });
});

describe('completionContext', () => {
  it('is the name being typed inside an open expression', () => {
    expect(completionContext('/u/${us', 7)).toEqual({ from: 5, to: 7, query: 'us', closed: false });
    expect(completionContext('${', 2)).toEqual({ from: 2, to: 2, query: '', closed: false });
    expect(completionContext('${env.BA}', 8)).toEqual({ from: 2, to: 8, query: 'env.BA', closed: true });
    expect(completionContext('${iter + it', 11)?.query).toBe('it');
  });
  it('covers the rest of the name after the caret', () => {
    expect(completionContext('${usXX}', 4)).toEqual({ from: 2, to: 6, query: 'us', closed: true });
  });
  it('is undefined outside expressions, after a default, in a string or after an escape', () => {
    expect(completionContext('plain', 3)).toBeUndefined();
    expect(completionContext('${a} b', 6)).toBeUndefined();
    expect(completionContext('${a:-de', 7)).toBeUndefined();
    expect(completionContext("${lower('ab", 11)).toBeUndefined();
    expect(completionContext('$${x', 4)).toBeUndefined();
  });
  it('is not closed by the } of a later expression', () => {
    expect(completionContext('${a ${b}', 3)?.closed).toBe(false);
  });
});

const all: Completion[] = [
  { label: 'userId', kind: 'variable' },
  { label: 'iter', kind: 'builtin' },
  { label: 'env.USER', kind: 'env' },
  { label: 'uuid', kind: 'function', params: '' },
  { label: 'randomInt', kind: 'function', params: 'min, max' },
  { label: 'data.users.', kind: 'data', partial: true },
];

describe('filterCompletions', () => {
  it('puts prefix matches before names containing the text, ignoring case', () => {
    expect(filterCompletions(all, 'u').map((c) => c.label)).toEqual(['userId', 'uuid', 'env.USER', 'data.users.']);
    expect(filterCompletions(all, 'ENV.').map((c) => c.label)).toEqual(['env.USER']);
  });
  it('offers everything for an empty query, up to the limit', () => {
    expect(filterCompletions(all, '')).toHaveLength(all.length);
    expect(filterCompletions(all, '', 2)).toHaveLength(2);
  });
  it('drops a variable already written in full', () => {
    expect(filterCompletions(all, 'iter')).toEqual([]);
  });
});

describe('applyCompletion', () => {
  const at = (text: string, caret: number) => completionContext(text, caret)!;
  it('inserts a variable and closes the expression', () => {
    expect(applyCompletion('/u/${us', at('/u/${us', 7), all[0]!)).toEqual({ text: '/u/${userId}', caret: 12 });
  });
  it('does not add a second } and replaces the rest of the name', () => {
    expect(applyCompletion('${usXX}/a', at('${usXX}/a', 4), all[0]!)).toEqual({ text: '${userId}/a', caret: 8 });
  });
  it('puts the caret between the parentheses of a function with parameters', () => {
    expect(applyCompletion('${ra', at('${ra', 4), all[4]!)).toEqual({ text: '${randomInt()}', caret: 12 });
    expect(applyCompletion('${uu', at('${uu', 4), all[3]!)).toEqual({ text: '${uuid()}', caret: 9 });
  });
  it('leaves a partial name open for the rest', () => {
    expect(applyCompletion('${da', at('${da', 4), all[5]!)).toEqual({ text: '${data.users.', caret: 13 });
  });
});

describe('completion sources', () => {
  it('lists variables, builtins, env names once, data columns and functions', () => {
    const labels = templateCompletions({
      variables: ['token'],
      envNames: ['B', 'A', 'B'],
      data: { users: ['email'], ids: undefined },
    }).map((c) => c.label);
    expect(labels.slice(0, 8)).toEqual([
      'token',
      'vu',
      'iter',
      'scenario',
      'env.A',
      'env.B',
      'data.users.email',
      'data.ids.',
    ]);
    expect(labels).toContain('uuid');
    expect(labels).toContain('randomInt');
  });
  it('finds env names the plan already uses and its data feeders', () => {
    const doc = {
      defaults: { baseUrl: '${env.BASE_URL:-http://x}' },
      data: { users: { file: 'u.csv' }, bad: 3 },
      s: ['${ env.TOKEN }'],
    };
    expect(envNamesInDoc(doc).sort()).toEqual(['BASE_URL', 'TOKEN']);
    expect(dataFeeders(doc)).toEqual({ users: 'u.csv', bad: undefined });
  });
});

describe('completion in a condition (one expression, written without ${...})', () => {
  it('completes the name being typed anywhere outside quotes, never adding a }', () => {
    const text = 'len(ite) > 0';
    const ctx = expressionContext(text, 7, false);
    expect(ctx).toEqual({ from: 4, to: 7, query: 'ite', closed: true });
    const v: Completion = { label: 'items', kind: 'variable' };
    expect(ctx && applyCompletion(text, ctx, v)).toEqual({ text: 'len(items) > 0', caret: 9 });
    // A function with only optional parameters leaves the caret after its (), ready for `== 202`; len(...) inside.
    const f: Completion = { label: 'status', kind: 'function', params: "'Request name'?" };
    const at = expressionContext('sta', 3, false);
    expect(at && applyCompletion('sta', at, f)).toEqual({ text: 'status()', caret: 8 });
    const len: Completion = { label: 'len', kind: 'function', params: 'v' };
    expect(at && applyCompletion('sta', { ...at, query: 'le' }, len)).toEqual({ text: 'len()', caret: 4 });
    const randomString: Completion = { label: 'randomString', kind: 'function', params: 'length, charset?' };
    expect(at && applyCompletion('sta', at, randomString).caret).toBe(13);
  });
  it('opens on a name being typed, not after every space, unless asked (Ctrl+Space); never inside quotes', () => {
    expect(expressionContext('status() == ', 12, false)).toBeUndefined();
    expect(expressionContext('status() == ', 12, true)).toEqual({ from: 12, to: 12, query: '', closed: true });
    expect(expressionContext("status('Lo", 10, true)).toBeUndefined();
    expect(expressionContext('', 0, true)).toMatchObject({ from: 0, query: '' });
  });
});
