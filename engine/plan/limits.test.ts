import { describe, expect, it } from 'vitest';
import { formatPath, parsePlan, PlanError, validatePlanValue, type SourcePosition } from './index.ts';
import { MAX_DEPTH, MAX_PLAN_BYTES } from './limits.ts';

const FILE = 'plans/hostile.yaml';
const HEAD = 'version: 1\nname: x\n';
const SCENARIOS =
  'scenarios:\n  a:\n    executor: constant-vus\n    duration: 1s\n    steps: [{ request: { url: "http://h/" } }]\n';

function refused(text: string): PlanError {
  try {
    parsePlan(text, FILE);
  } catch (e) {
    if (e instanceof PlanError) return e;
    throw e;
  }
  throw new Error('expected a PlanError, but the plan parsed');
}

/** The one issue of `text`'s error: its message matches and it is at `position`. */
function onlyIssue(text: string, message: RegExp, position: SourcePosition): PlanError {
  const err = refused(text);
  expect(err.issues, err.message).toHaveLength(1);
  expect(err.issues[0]?.message).toMatch(message);
  expect(err.issues[0]?.position).toEqual(position);
  return err;
}

const TOO_DEEP = new RegExp(`nested more than ${MAX_DEPTH} levels deep`);

/** `variables:` holding `levels` block mappings nested in each other (`a:` on a line each, 2 spaces deeper). */
function blockNesting(levels: number): string {
  let out = 'variables:\n';
  for (let i = 0; i < levels; i++) out += `${'  '.repeat(i + 1)}a:\n`;
  return out;
}

describe('nesting deeper than the limit is refused where it crosses the limit, whatever the syntax', () => {
  // The plan is level 1; the mapping whose key is on line 3 + k (indented 2k) is at level k + 1.
  it('a block mapping 2,000 levels deep (was an uncaught RangeError from the YAML parser)', () => {
    onlyIssue(`${HEAD}${blockNesting(2000)}${SCENARIOS}`, TOO_DEEP, { line: 3 + MAX_DEPTH, column: 2 * MAX_DEPTH + 1 });
  });

  it('flow lists 2,000 deep: at the first bracket past the limit (was "syntax error: Maximum call stack size exceeded")', () => {
    const text = `${HEAD}variables:\n  a: ${'['.repeat(2000)}${']'.repeat(2000)}\n${SCENARIOS}`;
    onlyIssue(text, TOO_DEEP, { line: 4, column: 6 + MAX_DEPTH - 2 });
  });

  it('a JSON plan 100,000 deep', () => {
    const text = `{"version": 1, "name": "x", "variables": {"a": ${'{"b": '.repeat(100_000)}1${'}'.repeat(100_000)}}, "scenarios": {}}`;
    const first = text.indexOf('{"b"');
    onlyIssue(text, TOO_DEEP, { line: 1, column: first + 1 + 6 * (MAX_DEPTH - 2) });
  });

  it('pairs inside flow lists count as mappings ([a: [a: ...]])', () => {
    const text = `${HEAD}variables:\n  v: ${'[a: '.repeat(MAX_DEPTH)}1${']'.repeat(MAX_DEPTH)}\n${SCENARIOS}`;
    const err = refused(text);
    expect(err.issues[0]?.message).toMatch(TOO_DEEP);
    expect(err.issues[0]?.position?.line).toBe(4);
  });

  it('exactly at the limit is fine, in block, flow and JSON style and in nested groups', () => {
    expect(() => parsePlan(`${HEAD}${blockNesting(MAX_DEPTH - 1)}${SCENARIOS}`, FILE)).not.toThrow();
    expect(() =>
      parsePlan(`${HEAD}variables:\n  a: ${'['.repeat(MAX_DEPTH - 2)}${']'.repeat(MAX_DEPTH - 2)}\n${SCENARIOS}`, FILE),
    ).not.toThrow();
    const json = `{"version": 1, "name": "x", "variables": {"a": ${'{"b": '.repeat(MAX_DEPTH - 2)}1${'}'.repeat(MAX_DEPTH - 2)}}, "scenarios": {}}`;
    expect(refused(json).message).toMatch(/a plan needs at least one scenario/);
    // scenarios(2) a(3) steps(4) step(5) group(6) steps(7) ...: each group adds 3 levels, the request 2 more.
    const groups = Math.floor((MAX_DEPTH - 4 - 2) / 3);
    let steps = '[{ request: { url: "http://h/" } }]';
    for (let i = 0; i < groups; i++) steps = `[{ group: { name: g${i}, steps: ${steps} } }]`;
    const text = `${HEAD}scenarios:\n  a:\n    executor: constant-vus\n    duration: 1s\n    steps: ${steps}\n`;
    expect(parsePlan(text, FILE).plan.scenarios.a?.steps).toHaveLength(1);
  });

  it('through an alias: at the alias that makes its copy too deep', () => {
    const half = Math.ceil(MAX_DEPTH / 2) + 1;
    const text = `${HEAD}variables:\n  a: &deep ${'['.repeat(half)}${']'.repeat(half)}\n  b: ${'['.repeat(half)}*deep${']'.repeat(half)}\n${SCENARIOS}`;
    const err = onlyIssue(text, /^through alias \*deep, mappings and lists are nested more than/, {
      line: 5,
      column: 6 + half,
    });
    expect(formatPath(err.issues[0]?.path ?? [])).toBe(`variables.b${'[0]'.repeat(half)}`);
  });

  it("a value that is not plan text (the app's database or API) is measured too, and named by its path", () => {
    let json: unknown = 1;
    for (let i = 0; i < 100_000; i++) json = [json];
    const value = {
      version: 1,
      name: 'x',
      scenarios: { a: { executor: 'constant-vus', duration: '1s', steps: [{ request: { url: 'http://h/', json } }] } },
    };
    let err: unknown;
    try {
      validatePlanValue(value);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PlanError);
    const issue = (err as PlanError).issues[0];
    expect(issue?.message).toMatch(
      new RegExp(`^mappings and lists inside this value are nested more than ${MAX_DEPTH} levels deep`),
    );
    expect(formatPath(issue?.path ?? [])).toBe('scenarios.a.steps[0].request.json');
  });
});

describe('aliases', () => {
  it('an alias inside the value it repeats is refused at the alias (was an uncaught RangeError)', () => {
    const text = `${HEAD}variables:\n  a: &loop { b: [1, *loop] }\n${SCENARIOS}`;
    const err = onlyIssue(text, /^alias \*loop is inside the value it repeats/, { line: 4, column: 21 });
    expect(formatPath(err.issues[0]?.path ?? [])).toBe('variables.a.b[1]');
  });

  it('an alias with no anchor before it is refused at the alias', () => {
    onlyIssue(
      `${HEAD}variables:\n  b: *later\n  a: &later 1\n${SCENARIOS}`,
      /^alias \*later has no anchor &later before it/,
      { line: 4, column: 6 },
    );
  });

  it('thousands of aliases of a small value are fine, and paths through them are placed in the anchor', () => {
    const copies = Array.from({ length: 5000 }, (_, i) => `  v${i}: *h\n`).join('');
    const text = `${HEAD}variables:\n  h: &h { x: 1 }\n${copies}${SCENARIOS.replace('duration: 1s', 'duration: 0s')}`;
    const err = refused(text);
    expect(err.message).toMatch(/scenarios\.a\.duration: must be longer than 0s/);
  });
});

describe('keys', () => {
  it('a key that is a list or a mapping is refused at the key (was stringified, with a warning on stderr)', () => {
    const text = `${HEAD}${SCENARIOS.replace('url: "http://h/"', 'url: "http://h/", json: { [a, b]: 1 }')}`;
    const err = onlyIssue(text, /^a key must be text, not a list or a mapping$/, { line: 7, column: 52 });
    expect(formatPath(err.issues[0]?.path ?? [])).toBe('scenarios.a.steps[0].request.json');
  });

  it('__proto__ and constructor are ordinary keys of a JSON body', () => {
    const text = `${HEAD}${SCENARIOS.replace('url: "http://h/"', 'url: "http://h/", json: { __proto__: { polluted: 1 }, constructor: 2 }')}`;
    const json = (parsePlan(text, FILE).plan.scenarios.a?.steps[0] as { request: { json: Record<string, unknown> } })
      .request.json;
    expect(Object.keys(json)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('documents', () => {
  it('an empty plan, or one of comments only, is placed at 1:1', () => {
    for (const text of ['', '# nothing yet\n', '\n\n'])
      onlyIssue(text, /^the plan is empty: .*version: 1/, { line: 1, column: 1 });
  });

  it('a second document is refused where it starts', () => {
    onlyIssue(`${HEAD}${SCENARIOS}---\nversion: 1\n`, /^a plan is one YAML document: remove the second one/, {
      line: 8,
      column: 1,
    });
  });

  it('%YAML 1.1 does not switch to YAML 1.1 types: a date stays text, as in every other plan', () => {
    const { plan } = parsePlan(`%YAML 1.1\n---\n${HEAD}variables: { day: 2001-12-14, flag: on }\n${SCENARIOS}`, FILE);
    expect(plan.variables).toEqual({ day: '2001-12-14', flag: 'on' });
  });
});

describe('sizes', () => {
  it('plan text over the limit is refused at the place where it crosses it, without being parsed', () => {
    const line = `  v: ${'x'.repeat(1000)}\n`;
    const text = `${HEAD}variables:\n${line.repeat(Math.ceil(MAX_PLAN_BYTES / line.length) + 1)}`;
    const limitLine = 4 + Math.floor((MAX_PLAN_BYTES - (HEAD.length + 'variables:\n'.length)) / line.length);
    const err = refused(text);
    expect(err.issues).toHaveLength(1);
    expect(err.issues[0]?.message).toMatch(/^the plan is larger than 10 MB, the limit for plans: split it/);
    expect(err.issues[0]?.position?.line).toBe(limitLine);
  });

  it('40,000 variables, each using the one before, validate in linear time (8 s for 32,000 before)', () => {
    const variables = Array.from({ length: 40_000 }, (_, i) => `  v${i + 1}: \${v${i}}x\n`).join('');
    const started = performance.now();
    const { plan } = parsePlan(`${HEAD}variables:\n  v0: a\n${variables}${SCENARIOS}`, FILE);
    expect(performance.now() - started).toBeLessThan(8000);
    expect(Object.keys(plan.variables ?? {})).toHaveLength(40_001);
  });

  it('20,000 unknown names among 20,000 variables: each placed by an index, suggestions until their budget is spent (over a minute before)', () => {
    const variables = Array.from({ length: 20_000 }, (_, i) => `  v${i}: \${w${i}}\n`).join('');
    const started = performance.now();
    const err = refused(`${HEAD}variables:\n${variables}${SCENARIOS}`);
    expect(performance.now() - started).toBeLessThan(8000);
    expect(err.issues[1]?.message).toMatch(/^variable 'w1' is not defined before 'v1'.*\(did you mean 'v1'\?\)$/);
    expect(err.issues[999]?.message).toMatch(
      /^variable 'w999' is not defined before 'v999' \(variables may use variables listed above them\)$/,
    );
    // Expressions stop being checked after 1,000 problems, at a place in the file.
    expect(err.issues).toHaveLength(1001);
    expect(err.issues[1000]?.message).toMatch(
      /^more problems in \$\{\.\.\.\} expressions from here on are not listed \(the first 1000 are\)/,
    );
    expect(err.issues[1000]?.position).toEqual({ line: 1004, column: 10 }); // `  v1000: ${w1000}`
  });

  it('3,000 default headers using a name 3,000 scenarios extract: linear (each header visited every request: 66 s)', () => {
    const n = 3000;
    const headers = Array.from({ length: n }, (_, i) => `    H${i}: "\${tok}"\n`).join('');
    const extract = ', extract: { tok: { header: X } }';
    const scenarios = Array.from(
      { length: n },
      (_, i) =>
        `  s${i}: { executor: shared-iterations, steps: [{ request: { url: /x${i === 1 ? '' : extract} } }] }\n`,
    ).join('');
    const started = performance.now();
    const err = refused(`${HEAD}defaults:\n  baseUrl: http://h/\n  headers:\n${headers}scenarios:\n${scenarios}`);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(err.issues[0]?.message).toBe("'tok' is neither a plan variable nor extracted by a request in scenario 's1'");
    expect(formatPath(err.issues[0]?.path ?? [])).toBe('defaults.headers.H0');
  });
});
