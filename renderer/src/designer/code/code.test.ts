import { describe, expect, it } from 'vitest';
import { validate } from '../core/validation.ts';
import { locateIssues } from './issue-ranges.ts';
import { changesDocument, minimalEdit, onExternalChange } from './sync.ts';
import { parsePlanYaml, planToYaml } from './yaml-text.ts';

const text = `version: 1
name: Demo
# a comment the user typed
scenarios:
  browse:
    executor: constant-vus
    vus: 0
    steps:
      - request:
          method: GET
          url: /users
      - think: 1s
`;

describe('issue path -> YAML range', () => {
  it('underlines a scalar value at its path', () => {
    const [p] = locateIssues(text, [{ path: ['scenarios', 'browse', 'vus'], message: 'must be at least 1' }]);
    expect(p).toMatchObject({ line: 7, column: 10, endLine: 7, endColumn: 11, source: 'plan', severity: 'error' });
  });

  it('underlines the key of a mapping, not all of its lines', () => {
    const [p] = locateIssues(text, [{ path: ['scenarios', 'browse'], message: 'bad scenario' }]);
    expect(p).toMatchObject({ line: 5, column: 3, endLine: 5, endColumn: 9 });
  });

  it('underlines the first line of a list item without a key', () => {
    const [p] = locateIssues(text, [{ path: ['scenarios', 'browse', 'steps', 1], message: 'bad step' }]);
    expect(p).toMatchObject({ line: 12, column: 9, endLine: 12, endColumn: 18 });
  });

  it('points a missing key at the key of its nearest parent', () => {
    const [p] = locateIssues(text, [{ path: ['scenarios', 'browse', 'duration'], message: 'required' }]);
    expect(p).toMatchObject({ line: 5, column: 3 });
    const [q] = locateIssues(text, [
      { path: ['scenarios', 'browse', 'steps', 0, 'request', 'checks', 2], message: 'x' },
    ]);
    expect(q).toMatchObject({ line: 9, column: 9 });
  });

  it('points unknown keys at the key, and the document root at line 1', () => {
    const withExtra = text.replace('    vus: 0\n', '    vus: 0\n    vusx: 3\n');
    const [p] = locateIssues(withExtra, [{ path: ['scenarios', 'browse', 'vusx'], message: "unknown key 'vusx'" }]);
    expect(p).toMatchObject({ line: 8, column: 5, endColumn: 9 });
    const [r] = locateIssues(text, [{ path: [], message: 'whole plan' }]);
    expect(r).toMatchObject({ line: 1, column: 1, endLine: 1, endColumn: 11 });
  });

  it('places the real validator issues of a parsed text', () => {
    const parsed = parsePlanYaml(text);
    if (!parsed.ok) throw new Error('expected a parse');
    const issues = validate(parsed.value).issues;
    expect(issues.length).toBeGreaterThan(0);
    const located = locateIssues(text, issues);
    expect(located.every((p) => p.line >= 1 && p.line <= 13)).toBe(true);
    expect(located.some((p) => p.line === 7)).toBe(true);
  });
});

describe('YAML text <-> document', () => {
  it('round-trips a document without folding or aliases', () => {
    const shared = { status: 200 };
    const doc = { name: 'x'.repeat(120), a: [shared, shared] };
    const yaml = planToYaml(doc);
    expect(yaml).not.toContain('&');
    expect(yaml.split('\n')[0]).toHaveLength(126);
    const back = parsePlanYaml(yaml);
    expect(back.ok && back.value).toEqual(doc);
  });

  it('reports syntax errors with line and column and no value', () => {
    const r = parsePlanYaml('version: 1\nname: [unclosed\nscenarios: {}\n');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]).toMatchObject({ source: 'syntax', severity: 'error' });
    expect(r.problems[0]!.line).toBeGreaterThanOrEqual(2);
    expect(r.problems.length).toBeLessThanOrEqual(4);
  });

  it('refuses duplicate keys, empty and non-mapping documents', () => {
    expect(parsePlanYaml('name: a\nname: b\n').ok).toBe(false);
    expect(parsePlanYaml('').ok).toBe(false);
    expect(parsePlanYaml('- 1\n- 2\n').ok).toBe(false);
    const scalar = parsePlanYaml('just text');
    expect(!scalar.ok && scalar.problems[0]).toMatchObject({ line: 1, column: 1, endColumn: 10 });
  });
});

describe('sync decisions', () => {
  const doc = { a: 1 };
  const base = { doc, shown: { a: 0 }, pending: false, focused: false, broken: false };

  it('keeps the text when the document is the one it shows (our own edit coming back)', () => {
    expect(onExternalChange({ ...base, shown: doc, pending: true })).toBe('keep');
  });

  it('replaces the text on a change from elsewhere unless the user is typing or fixing it', () => {
    expect(onExternalChange(base)).toBe('replace');
    expect(onExternalChange({ ...base, focused: true })).toBe('replace');
    expect(onExternalChange({ ...base, pending: true })).toBe('defer');
    expect(onExternalChange({ ...base, focused: true, broken: true })).toBe('defer');
    expect(onExternalChange({ ...base, broken: true })).toBe('replace');
  });

  it('writes a parsed text only when it changes the document', () => {
    expect(changesDocument({ a: 1 }, { a: 1 })).toBe(false);
    expect(changesDocument({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(changesDocument({ a: 2 }, { a: 1 })).toBe(true);
  });

  it('computes the smallest single edit', () => {
    expect(minimalEdit('abc', 'abc')).toBeNull();
    expect(minimalEdit('name: a\nvus: 1\n', 'name: a\nvus: 10\n')).toEqual({ start: 14, end: 14, text: '0' });
    expect(minimalEdit('aaa', 'aa')).toEqual({ start: 2, end: 3, text: '' });
    expect(minimalEdit('x: 1\n# c\ny: 2\n', 'x: 1\ny: 2\n')).toEqual({ start: 5, end: 9, text: '' });
    const e = minimalEdit('hello world', 'hello brave new world')!;
    expect('hello world'.slice(0, e.start) + e.text + 'hello world'.slice(e.end)).toBe('hello brave new world');
  });
});
