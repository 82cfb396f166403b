import { describe, expect, it } from 'vitest';
import { formatPath, parsePlan, PlanError, type ParsedPlan, type PlanIssue, type SourcePosition } from './index.ts';

const FILE = 'plans/under-test.yaml';

/** Strips the common indentation of a template literal (and its first and last empty lines). */
function dedent(text: string): string {
  const lines = text
    .replace(/^\n/, '')
    .replace(/\n[ \t]*$/, '')
    .split('\n');
  const margin = Math.min(
    ...lines.filter((l) => l.trim() !== '').map((l) => (/^ */.exec(l) as RegExpExecArray)[0].length),
  );
  return `${lines.map((l) => l.slice(margin)).join('\n')}\n`;
}

/** Every non-empty line of `block` (dedented first) indented by `by` spaces, without a final newline. */
function indent(block: string, by: number): string {
  return dedent(block)
    .trimEnd()
    .split('\n')
    .map((l) => (l === '' ? l : ' '.repeat(by) + l))
    .join('\n');
}

interface PlanParts {
  /** Top-level keys between `name: x` and `scenarios:` (defaults, variables, data). */
  top?: string;
  /** The executor of the plan's one scenario, `browse`; null leaves the key out. */
  executor?: string | null;
  /** The scenario's other keys, before its steps. */
  scenario?: string;
  /** Its steps: a flow sequence on one line, or block items on several; null leaves the key out. */
  steps?: string | null;
  /** Top-level keys after the scenarios (thresholds). */
  bottom?: string;
}

/** A plan (`version: 1`, `name: x`, one constant-vus scenario `browse` requesting http://localhost/) but for the parts a test is about. */
function plan({
  top,
  executor = 'constant-vus',
  scenario = 'duration: 30s',
  steps = '[{ request: { url: "http://localhost/" } }]',
  bottom,
}: PlanParts = {}): string {
  const lines = ['version: 1', 'name: x'];
  if (top) lines.push(indent(top, 0));
  lines.push('scenarios:', '  browse:');
  if (executor !== null) lines.push(`    executor: ${executor}`);
  if (scenario) lines.push(indent(scenario, 4));
  if (steps !== null) lines.push(steps.includes('\n') ? `    steps:\n${indent(steps, 6)}` : `    steps: ${steps}`);
  if (bottom) lines.push(indent(bottom, 0));
  return `${lines.join('\n')}\n`;
}

const BASE_URL = 'defaults: { baseUrl: "http://localhost:3000" }';

/** 1-based line:column of `needle` in `text`: its only occurrence, or the `nth` (from 0) when given. */
function positionOf(text: string, needle: string, nth?: number): SourcePosition {
  const all: number[] = [];
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) all.push(i);
  if (all.length === 0) throw new Error(`'${needle}' is not in the text`);
  if (nth === undefined && all.length > 1) throw new Error(`'${needle}' occurs ${all.length} times: pass nth`);
  const index = all[nth ?? 0] as number;
  const before = text.slice(0, index);
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') };
}

function planError(text: string, file: string | undefined = FILE): PlanError {
  let parsed: ParsedPlan;
  try {
    parsed = parsePlan(text, file);
  } catch (e) {
    if (e instanceof PlanError) return e;
    throw e;
  }
  throw new Error(`expected a PlanError, but the plan parsed: ${JSON.stringify(parsed.plan)}`);
}

function paths(err: PlanError): string[] {
  return err.issues.map((i) => formatPath(i.path));
}

/**
 * The single issue at `path`: its message matches, it is placed at `position`, and the error's message has the
 * line `file:line:column: path: message`.
 */
function expectIssue(err: PlanError, path: string, message: RegExp, position?: SourcePosition): PlanIssue {
  const found = err.issues.filter((i) => formatPath(i.path) === path);
  expect(found, `issues at ${path} in:\n${err.message}`).toHaveLength(1);
  const issue = found[0] as PlanIssue;
  expect(issue.message).toMatch(message);
  if (position) {
    expect(issue.position, `position of ${path}`).toEqual(position);
    expect(err.message.split('\n')).toContain(`${FILE}:${position.line}:${position.column}: ${path}: ${issue.message}`);
  }
  return issue;
}

interface ExpectedIssue {
  path: string;
  message: RegExp;
  /** The text the issue points at, which occurs once in the plan; without it the position is not checked. */
  at?: string;
}

/**
 * Parses `text`, which must be refused, and checks each expected issue as expectIssue does; with `only`, they are
 * all the issues there are. Returns the issues, in the order expected.
 */
function checkIssues<const E extends readonly ExpectedIssue[]>(
  text: string,
  expected: E,
  only: boolean,
): { [K in keyof E]: PlanIssue } {
  const err = planError(text);
  if (only) expect(err.issues, err.message).toHaveLength(expected.length);
  return expected.map((e) =>
    expectIssue(err, e.path, e.message, e.at === undefined ? undefined : positionOf(text, e.at)),
  ) as { [K in keyof E]: PlanIssue };
}

/** `text` is refused with (at least) these issues. */
const expectIssues = <const E extends readonly ExpectedIssue[]>(text: string, ...expected: E) =>
  checkIssues(text, expected, false);
/** `text` is refused with exactly these issues. */
const expectOnlyIssues = <const E extends readonly ExpectedIssue[]>(text: string, ...expected: E) =>
  checkIssues(text, expected, true);

/** The issue whose message matches (wherever its path), placed at `position`. */
function expectMessage(err: PlanError, message: RegExp, position: SourcePosition): PlanIssue {
  const found = err.issues.filter((i) => message.test(i.message));
  expect(found, `issues matching ${message} in:\n${err.message}`).toHaveLength(1);
  const issue = found[0] as PlanIssue;
  expect(issue.position, `position of ${message}`).toEqual(position);
  expect(err.message.split('\n')).toContain(
    `${FILE}:${position.line}:${position.column}: ${formatPath(issue.path)}: ${issue.message}`,
  );
  return issue;
}

function parses(text: string): ParsedPlan {
  try {
    return parsePlan(text, FILE);
  } catch (e) {
    if (e instanceof PlanError) throw new Error(`expected the plan to parse, got:\n${e.message}`, { cause: e });
    throw e;
  }
}

describe('error messages name file, line:column, path and what is expected', () => {
  it('formats scenarios.browse.steps[2].request.url with the file and the position of the value', () => {
    const text = dedent(`
      version: 1
      name: Users API
      scenarios:
        browse:
          executor: constant-vus
          vus: 2
          duration: 30s
          steps:
            - request: { url: "http://localhost:3000/a" }
            - think: 1s
            - request:
                name: Broken
                url: 42
    `);
    const err = planError(text);
    expect(err.file).toBe(FILE);
    expect(err.name).toBe('PlanError');
    const where = positionOf(text, '42');
    expect(where).toEqual({ line: 13, column: 16 });
    const issue = expectIssue(
      err,
      'scenarios.browse.steps[2].request.url',
      /expected a string, got the number 42/,
      where,
    );
    expect(err.message).toBe(`${FILE}:13:16: scenarios.browse.steps[2].request.url: ${issue.message}`);
  });

  it('places a missing key at the mapping that lacks it', () => {
    const text = plan({
      steps: `
      - request: { url: "http://localhost:3000/a" }
      - think: 1s
      - request:
          name: No URL
          method: POST
    `,
    });
    expectOnlyIssues(text, {
      path: 'scenarios.browse.steps[2].request.url',
      message: /is required/,
      at: 'name: No URL',
    });
  });

  it('reports missing steps and a missing version', () => {
    expectIssues(plan({ steps: null }), { path: 'scenarios.browse.steps', message: /is required/, at: 'executor' });

    const noVersion = dedent(`
      # a comment before the document
      name: x
      scenarios:
        browse:
          executor: constant-vus
          duration: 30s
          steps: [{ request: { url: "http://localhost/" } }]
    `);
    expectOnlyIssues(noVersion, {
      path: 'version',
      message: /is required: start the plan with 'version: 1'/,
      at: 'name: x',
    });
  });

  it('omits the file name when there is none, keeping line:column', () => {
    const text =
      'version: 1\nname: x\nscenarios:\n  a:\n    executor: constant-vus\n    duration: soon\n    steps: [{ request: { url: "http://h/" } }]\n';
    let err: unknown;
    try {
      parsePlan(text);
    } catch (e) {
      err = e;
    }
    if (!(err instanceof PlanError)) throw new Error('expected a PlanError');
    expect(err.file).toBeUndefined();
    expect(err.message).toBe("6:15: scenarios.a.duration: expected a duration such as 500ms, 30s or 1m30s, got 'soon'");
  });
});

describe('unknown keys are errors, with "did you mean"', () => {
  it('at the top level: sceanrios', () => {
    const text = plan().replace('scenarios:', 'sceanrios:');
    expectIssues(
      text,
      { path: 'sceanrios', message: /^unknown key 'sceanrios' \(did you mean 'scenarios'\?\)$/, at: 'sceanrios' },
      { path: 'scenarios', message: /is required/ },
    );
  });

  it('at the top level, far from any key: lists the allowed keys', () => {
    const text = plan({ bottom: 'retries: 3' });
    const [issue] = expectOnlyIssues(text, {
      path: 'retries',
      message: /^unknown key 'retries'; allowed here: /,
      at: 'retries',
    });
    for (const k of ['version', 'name', 'description', 'defaults', 'variables', 'data', 'scenarios', 'thresholds']) {
      expect(issue.message).toContain(k);
    }
  });

  it('deep inside a request: chekcs', () => {
    const text = plan({
      top: BASE_URL,
      steps: `
      - request:
          url: /users
          chekcs: [{ status: 200 }]
    `,
    });
    expectOnlyIssues(text, {
      path: 'scenarios.browse.steps[0].request.chekcs',
      message: /^unknown key 'chekcs' \(did you mean 'checks'\?\)$/,
      at: 'chekcs',
    });
  });

  it('in a flow mapping: the column is the key inside the braces', () => {
    const text = plan({
      top: 'defaults: { baseUrl: "http://localhost:3000", timeuot: 5s }',
      steps: '[{ request: { url: /users } }]',
    });
    expectIssues(text, { path: 'defaults.timeuot', message: /did you mean 'timeout'/, at: 'timeuot' });
  });

  it('jsonpath instead of jsonPath in a check and in an extraction', () => {
    const text = plan({
      top: BASE_URL,
      steps: `
      - request:
          url: /users
          checks:
            - jsonpath: $.results[0].id
              exists: true
          extract:
            userId:
              jsonpath: $.results[0].id
    `,
    });
    const err = planError(text);
    const check = 'scenarios.browse.steps[0].request.checks[0]';
    const extract = 'scenarios.browse.steps[0].request.extract.userId';
    const checkIssues = err.issues.filter((i) => formatPath(i.path).startsWith(check));
    const extractIssues = err.issues.filter((i) => formatPath(i.path).startsWith(extract));
    expect(checkIssues.length + extractIssues.length, err.message).toBe(err.issues.length);
    // Reported once per mapping, as the jsonPath kind the user evidently meant: no complaint about keys they did not
    // write (status) or about keys that are valid for a jsonPath check (exists).
    expect(checkIssues, err.message).toHaveLength(1);
    expect(checkIssues[0]?.message).toMatch(/'jsonpath'.*did you mean 'jsonPath'/);
    expect(checkIssues[0]?.position).toEqual(positionOf(text, 'jsonpath', 0));
    expect(extractIssues, err.message).toHaveLength(1);
    expect(extractIssues[0]?.message).toMatch(/'jsonpath'.*did you mean 'jsonPath'/);
    expect(extractIssues[0]?.position).toEqual(positionOf(text, 'jsonpath', 1));
  });

  it('keys of another executor are unknown for this one (gracefulRampDown on constant-vus), vu suggests vus', () => {
    const text = plan({ scenario: 'vu: 10\nduration: 30s\ngracefulRampDown: 5s' });
    const [, issue] = expectOnlyIssues(
      text,
      { path: 'scenarios.browse.vu', message: /^unknown key 'vu' \(did you mean 'vus'\?\)$/, at: 'vu:' },
      {
        path: 'scenarios.browse.gracefulRampDown',
        message: /^unknown key 'gracefulRampDown'; allowed here: /,
        at: 'gracefulRampDown',
      },
    );
    expect(issue.message).toContain('gracefulStop');
    expect(issue.message).not.toContain('stages');
  });

  it('in a basic auth: usernme suggests username', () => {
    const text = plan({ top: 'defaults:\n  auth: { type: basic, usernme: me, password: secret }' });
    expectIssues(
      text,
      {
        path: 'defaults.auth.usernme',
        message: /^unknown key 'usernme' \(did you mean 'username'\?\)$/,
        at: 'usernme',
      },
      { path: 'defaults.auth.username', message: /is required/ },
    );
  });

  it('in a bearer auth: tokne names what is expected, and the missing token', () => {
    const text = plan({ top: 'defaults:\n  auth: { type: bearer, tokne: abc }' });
    expectIssues(
      text,
      // A swapped pair of letters is one typo: either suggest 'token' or list the allowed keys.
      { path: 'defaults.auth.tokne', message: /^unknown key 'tokne'.*\btoken\b/, at: 'tokne' },
      { path: 'defaults.auth.token', message: /is required/ },
    );
  });
});

describe('wrong types and values', () => {
  it('vus: "ten"', () => {
    const text = plan({ scenario: 'vus: "ten"\nduration: 30s' });
    expectOnlyIssues(text, {
      path: 'scenarios.browse.vus',
      message: /^expected (a number|an integer), got 'ten'$/,
      at: '"ten"',
    });
  });

  it('vus: 2.5 and vus: 0', () => {
    expectIssues(plan({ scenario: 'vus: 2.5\nduration: 30s' }), {
      path: 'scenarios.browse.vus',
      message: /integer.*2\.5/,
      at: '2.5',
    });
    expectIssues(plan({ scenario: 'vus: 0\nduration: 30s' }), {
      path: 'scenarios.browse.vus',
      message: /at least 1, got the number 0/,
      at: '0\n',
    });
  });

  it('a duration given as a number: duration: 30', () => {
    const text = plan({ scenario: 'vus: 1\nduration: 30' });
    expectOnlyIssues(text, {
      path: 'scenarios.browse.duration',
      message: /^expected a duration such as 500ms, 30s or 1m30s, got the number 30$/,
      at: '30\n',
    });
  });

  it('a duration without a valid unit: 30sec', () => {
    const text = plan({ scenario: 'duration: 30sec' });
    expectIssues(text, {
      path: 'scenarios.browse.duration',
      message: /expected a duration such as 500ms, 30s or 1m30s, got '30sec'/,
      at: '30sec',
    });
  });

  it('an unknown executor, with a suggestion', () => {
    const text = plan({ executor: 'constant-vu' });
    const [issue] = expectOnlyIssues(text, {
      path: 'scenarios.browse.executor',
      message: /unknown executor 'constant-vu'.*did you mean 'constant-vus'/,
      at: 'constant-vu',
    });
    for (const e of ['constant-vus', 'ramping-vus', 'per-vu-iterations', 'shared-iterations'])
      expect(issue.message).toContain(e);
  });

  it('a missing executor lists the executors', () => {
    expectIssues(plan({ executor: null }), {
      path: 'scenarios.browse.executor',
      message: /is required.*constant-vus.*ramping-vus/,
    });
  });

  it('a step of an unknown kind: requets', () => {
    const text = plan({
      steps: `
      - think: 1s
      - requets:
          url: "http://localhost/"
    `,
    });
    const err = planError(text);
    expectMessage(err, /'requets'.*did you mean 'request'/, positionOf(text, 'requets'));
    // Nothing about a think step: the user did not write one.
    expect(
      paths(err).filter((p) => p !== 'scenarios.browse.steps[1]' && p !== 'scenarios.browse.steps[1].requets'),
      err.message,
    ).toEqual([]);
  });

  const withMethod = (method: string): string =>
    plan({ steps: `[{ request: { method: ${method}, url: "http://localhost/" } }]` });

  it('an HTTP method in lower case suggests the upper-case one', () => {
    expectIssues(withMethod('post'), {
      path: 'scenarios.browse.steps[0].request.method',
      message: /^expected one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, got 'post' \(did you mean 'POST'\?\)$/,
      at: 'post',
    });
  });

  it('an unknown HTTP method lists the methods', () => {
    expectIssues(withMethod('FETCH'), {
      path: 'scenarios.browse.steps[0].request.method',
      message: /^expected one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, got 'FETCH'$/,
      at: 'FETCH',
    });
  });

  it('version 2 is refused with an upgrade message; a non-integer version is refused', () => {
    expectOnlyIssues('version: 2\nname: x\nscenarios: {}\n', {
      path: 'version',
      message: /version 2.*up to version 1.*upgrade Loadsmith/,
      at: '2',
    });
    expectIssues('version: "1"\nname: x\nscenarios: {}\n', { path: 'version', message: /whole number/, at: '"1"' });
  });

  it('a document that is not a mapping', () => {
    const err = planError('- just\n- a list\n');
    expect(err.issues).toHaveLength(1);
    expect(err.issues[0]?.message).toMatch(/a plan is a mapping/);
  });

  it('a plan without scenarios', () => {
    expectIssues('version: 1\nname: x\nscenarios: {}\n', {
      path: 'scenarios',
      message: /at least one scenario/,
      at: '{}',
    });
  });
});

describe('YAML syntax', () => {
  /** Parses `text`, which must be refused with a syntax error first: its message matches and it is placed at `needle`. */
  const expectSyntaxError = (text: string, message: RegExp, needle: string): PlanError => {
    const err = planError(text);
    expect(err.issues[0]?.message).toMatch(message);
    expect(err.issues[0]?.position).toEqual(positionOf(text, needle));
    return err;
  };

  it('a syntax error names the position', () => {
    const text = 'version: 1\nname: Users: baseline\nscenarios: {}\n';
    const err = expectSyntaxError(text, /^syntax error: .*nested mappings/i, 'Users:');
    expect(err.issues).toHaveLength(1);
    expect(err.message).toBe(`${FILE}:2:7: ${err.issues[0]?.message}`);
  });

  it('a tab used as indentation is a syntax error at the tab', () => {
    expectSyntaxError(
      'version: 1\nname: x\nscenarios:\n  a:\n\texecutor: constant-vus\n',
      /^syntax error: .*tab/i,
      '\t',
    );
  });

  it('a bad indentation is a syntax error on its line', () => {
    const text = dedent(`
      version: 1
      name: x
      scenarios:
        browse:
          executor: constant-vus
         duration: 30s
    `);
    const err = planError(text);
    expect(err.issues[0]?.message).toMatch(/^syntax error: /);
    expect(err.issues[0]?.position?.line).toBe(positionOf(text, 'duration').line);
  });

  it('duplicate keys are refused, pointing at the second one and naming where the first is', () => {
    const text = `${plan()}name: second\n`;
    const err = expectSyntaxError(
      text,
      /^duplicate key 'name' \(first at line 2:1\): keys must be unique/,
      'name: second',
    );
    expect(err.issues).toHaveLength(1);
    expect(formatPath(err.issues[0]?.path ?? [])).toBe('name');
  });

  it('a billion-laughs document is refused quickly', () => {
    const lines = [
      'version: 1',
      'name: lol',
      'variables:',
      '  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]',
    ];
    for (let i = 1; i <= 9; i++)
      lines.push(`  l${i}: &l${i} [${Array.from({ length: 10 }, () => `*l${i - 1}`).join(', ')}]`);
    lines.push(
      'scenarios:',
      '  a:',
      '    executor: constant-vus',
      '    duration: 1s',
      '    steps: [{ request: { url: "http://h/" } }]',
    );
    const text = lines.join('\n');
    const started = performance.now();
    const err = planError(text);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(err.issues).toHaveLength(1);
    // Copies of l1..l3 add 10 × (11 + 111 + 1,111) values; the 8th copy of l3 (11,111 values each) in l4 crosses 100,000.
    expect(err.issues[0]?.message).toMatch(/^aliases repeat more than 100,000 values/);
    expect(err.issues[0]?.position).toEqual(positionOf(text, '*l3', 7));
    expect(formatPath(err.issues[0]?.path ?? [])).toBe('variables.l4[7]');
  });

  it('a few aliases are fine', () => {
    const { plan: p } = parses(
      plan({
        top: BASE_URL,
        steps: `
      - request: { url: /a, headers: &h { X-Team: load } }
      - request: { url: /b, headers: *h }
    `,
      }),
    );
    const steps = p.scenarios.browse?.steps ?? [];
    expect(steps[1]).toEqual({ request: { url: '/b', headers: { 'X-Team': 'load' } } });
  });
});

describe('JSON plans', () => {
  const json = dedent(`
    {
      "version": 1,
      "name": "JSON plan",
      "scenarios": {
        "browse": {
          "executor": "constant-vus",
          "vus": 3,
          "duration": "10s",
          "steps": [{ "request": { "url": "http://localhost:3000/users", "checks": [{ "status": 200 }] } }]
        }
      }
    }
  `);

  it('parses', () => {
    const { plan: p } = parses(json);
    expect(p.name).toBe('JSON plan');
    expect(p.scenarios.browse).toMatchObject({ executor: 'constant-vus', vus: 3, duration: '10s' });
  });

  it('locates errors at the JSON value and key', () => {
    const text = json.replace('"vus": 3', '"vus": "ten"').replace('"url": "http', '"ulr": "http');
    expect(text).toContain('"ulr"');
    expectOnlyIssues(
      text,
      { path: 'scenarios.browse.vus', message: /got 'ten'/, at: '"ten"' },
      { path: 'scenarios.browse.steps[0].request.ulr', message: /^unknown key 'ulr'.*\burl\b/, at: '"ulr"' },
      { path: 'scenarios.browse.steps[0].request.url', message: /is required/, at: '{ "ulr"' },
    );
  });
});

describe('templates', () => {
  it('a syntax error inside a plain string points inside the string', () => {
    const text = plan({ top: BASE_URL, steps: '- request:\n    url: /users/${userId' });
    expectOnlyIssues(text, { path: 'scenarios.browse.steps[0].request.url', message: /never closed/, at: '${userId' });
  });

  it('a syntax error inside a quoted string and inside a JSON body points inside the string', () => {
    const text = plan({
      top: BASE_URL,
      steps: `
      - request:
          url: "/users/\${}"
          method: POST
          json: { user: { name: "x \${a b}" } }
    `,
    });
    expectOnlyIssues(
      text,
      { path: 'scenarios.browse.steps[0].request.url', message: /empty expression/, at: '${}' },
      { path: 'scenarios.browse.steps[0].request.json.user.name', message: /expected '}'/, at: 'b}"' },
    );
  });

  it('an unknown variable: ${userId} not extracted in the scenario', () => {
    const text = dedent(`
      version: 1
      name: x
      defaults: { baseUrl: "http://localhost:3000" }
      scenarios:
        browse:
          executor: constant-vus
          duration: 1s
          steps:
            - request: { url: /users }
            - request: { url: "/users/\${userId}" }
        other:
          executor: constant-vus
          duration: 1s
          steps:
            - request: { url: /users, extract: { userId: { jsonPath: "$[0].id" } } }
    `);
    expectOnlyIssues(text, {
      path: 'scenarios.browse.steps[1].request.url',
      message: /'userId' is neither a plan variable nor extracted by a request/,
      at: 'userId}',
    });
  });

  it('a variable extracted in the same scenario is known', () => {
    const { plan: p } = parses(
      plan({
        top: BASE_URL,
        steps: `
      - request: { url: /users, extract: { userId: { jsonPath: "$[0].id" } } }
      - request: { url: "/users/\${userId}" }
    `,
      }),
    );
    expect(Object.keys(p.scenarios)).toEqual(['browse']);
  });

  it('a misspelt plan variable suggests the right one', () => {
    const text = plan({
      top: `${BASE_URL}\nvariables: { orgPrefix: Org }`,
      steps: '[{ request: { url: /orgs, method: POST, json: { name: "${orgprefix} 1" } } }]',
    });
    expectIssues(text, {
      path: 'scenarios.browse.steps[0].request.json.name',
      message: /did you mean 'orgPrefix'/,
      at: 'orgprefix',
    });
  });

  const headerPlan = (override: string): string =>
    dedent(`
    version: 1
    name: x
    defaults:
      baseUrl: "http://localhost:3000"
      headers: { Authorization: "Token \${token}" }
    scenarios:
      login:
        executor: per-vu-iterations
        steps:
          - request: { url: /login, method: POST, extract: { token: { jsonPath: $.token } } }
          - request: { url: /me }
      browse:
        executor: constant-vus
        duration: 1s
        steps:
          - request: { url: /users${override} }
      search:
        executor: constant-vus
        duration: 1s
        steps:
          - request: { url: /search${override} }
  `);

  it('a default header using a variable only some scenarios extract names the scenarios that lack it', () => {
    const text = headerPlan('');
    const [issue] = expectOnlyIssues(text, {
      path: 'defaults.headers.Authorization',
      message: /'token' is neither a plan variable nor extracted/,
      at: 'token}',
    });
    expect(issue.message).toMatch(/scenarios 'browse', 'search'/);
    expect(issue.message).not.toContain("'login'");
  });

  it('is valid when the scenarios that lack the variable override the header (in any case)', () => {
    const { plan: p } = parses(headerPlan(', headers: { authorization: none }'));
    expect(Object.keys(p.scenarios)).toEqual(['login', 'browse', 'search']);
  });

  it('a data feeder that is not defined', () => {
    const text = plan({
      top: `${BASE_URL}\ndata:\n  user: { file: users.csv }`,
      steps: '[{ request: { url: /login, method: POST, form: { email: "${data.users.email}" } } }]',
    });
    expectIssues(text, {
      path: 'scenarios.browse.steps[0].request.form.email',
      message: /no data feeder named 'users' \(did you mean 'user'\?\); define it under data:/,
      at: 'data.users',
    });
  });

  it('a data feeder named like a member of every object (toString) must still be defined', () => {
    const text = plan({ top: BASE_URL, steps: '[{ request: { url: "/u/${data.toString.id}" } }]' });
    expectIssues(text, {
      path: 'scenarios.browse.steps[0].request.url',
      message: /^no data feeder named 'toString'; define it under data:/,
    });
  });

  it('variables may use variables above them only', () => {
    const text = plan({
      top: `${BASE_URL}\nvariables:\n  greeting: "Hello \${who}"\n  who: World`,
      steps: '[{ request: { url: "/hello?g=${greeting}" } }]',
    });
    expectIssues(text, {
      path: 'variables.greeting',
      message: /variable 'who' is not defined before 'greeting'/,
      at: 'who}',
    });

    const ordered = text.replace(
      '  greeting: "Hello ${who}"\n  who: World',
      '  who: World\n  greeting: "Hello ${who}"',
    );
    expect(ordered).not.toBe(text);
    expect(parses(ordered).plan.variables).toEqual({ who: 'World', greeting: 'Hello ${who}' });
  });

  it('${iter} cannot be used in a variable', () => {
    const text = plan({ top: 'variables: { tag: "run-${iter}" }' });
    expectIssues(text, { path: 'variables.tag', message: /iter/, at: 'iter}' });
  });

  it('collects the environment variables the plan reads', () => {
    const { env } = parses(
      plan({
        top: 'defaults: { baseUrl: "${env.BASE_URL:-http://localhost}" }',
        steps: '[{ request: { url: /x, auth: { type: bearer, token: "${env.TOKEN}" } } }]',
      }),
    );
    expect(env.map((e) => [e.name, e.hasDefault])).toEqual([
      ['BASE_URL', true],
      ['TOKEN', false],
    ]);
  });
});

describe('request rules', () => {
  /** A plan whose one step is the request with these keys; `top` as for plan(). */
  const oneRequest = (request: string, top?: string): string =>
    plan({ top, steps: `- request:\n${indent(request, 4)}` });

  it('two bodies (json and form)', () => {
    const text = oneRequest(`
      url: "http://localhost/users"
      method: POST
      json: { a: 1 }
      form: { b: "2" }
    `);
    expectOnlyIssues(text, {
      path: 'scenarios.browse.steps[0].request.form',
      message: /one body: remove either json or form/,
      at: '{ b:',
    });
  });

  it('a relative URL without baseUrl; an absolute or templated one is fine', () => {
    expectIssues(oneRequest('url: /v3/users'), {
      path: 'scenarios.browse.steps[0].request.url',
      message: /'\/v3\/users' is relative, but defaults\.baseUrl is not set/,
      at: '/v3/users',
    });
    parses(oneRequest('url: "https://example.test/v3/users"'));
    parses(oneRequest('url: "${env.API}/v3/users"'));
  });

  it('an invalid regex in a check, a body check and an extraction', () => {
    const text = oneRequest(`
      url: "http://localhost/users"
      checks:
        - header: Location
          matches: "([a-z"
        - body: { matches: "a{2,1}" }
      extract:
        id: { regex: "id=(\\\\d+" }
    `);
    expectOnlyIssues(
      text,
      {
        path: 'scenarios.browse.steps[0].request.checks[0].matches',
        message: /not a valid regular expression/,
        at: '"([a-z"',
      },
      {
        path: 'scenarios.browse.steps[0].request.checks[1].body.matches',
        message: /not a valid regular expression/,
        at: '"a{2,1}"',
      },
      {
        path: 'scenarios.browse.steps[0].request.extract.id.regex',
        message: /not a valid regular expression/,
        at: '"id=',
      },
    );
  });

  it('an invalid JSONPath in a check and an extraction', () => {
    const text = oneRequest(`
      url: "http://localhost/users"
      checks:
        - jsonPath: "$.results[0"
          exists: true
      extract:
        id: { jsonPath: "$.a[?(@.b==" }
    `);
    expectOnlyIssues(
      text,
      {
        path: 'scenarios.browse.steps[0].request.checks[0].jsonPath',
        message: /not a valid JSONPath/,
        at: '"$.results[0"',
      },
      { path: 'scenarios.browse.steps[0].request.extract.id.jsonPath', message: /not a valid JSONPath/, at: '"$.a[?' },
    );
  });

  it('a duration check without lt or lte', () => {
    const text = oneRequest('url: "http://localhost/users"\nchecks: [{ duration: {} }]');
    expectIssues(text, { path: 'scenarios.browse.steps[0].request.checks[0].duration', message: /needs lt or lte/ });
  });

  it('checks reading the body when bodies are discarded', () => {
    const text = oneRequest(
      'url: "http://localhost/users"\nchecks: [{ status: 200 }, { jsonPath: $.id, exists: true }]',
      'defaults: { http: { discardResponseBodies: true } }',
    );
    expectOnlyIssues(text, { path: 'scenarios.browse.steps[0].request.checks[1]', message: /discardResponseBodies/ });
  });
});

describe('executor rules', () => {
  it('shared-iterations with more VUs than iterations', () => {
    const text = plan({ executor: 'shared-iterations', scenario: 'vus: 10\niterations: 5' });
    expectOnlyIssues(text, { path: 'scenarios.browse.vus', message: /10 VUs cannot share 5 iterations/, at: '10' });
    parses(text.replace('vus: 10', 'vus: 5'));
  });

  it('constant-vus for 0s and ramping-vus whose stages last 0s', () => {
    const text = dedent(`
      version: 1
      name: x
      scenarios:
        a:
          executor: constant-vus
          duration: 0s
          steps: [{ request: { url: "http://localhost/" } }]
        b:
          executor: ramping-vus
          stages: [{ duration: 0s, target: 5 }]
          steps: [{ request: { url: "http://localhost/" } }]
    `);
    expectOnlyIssues(
      text,
      { path: 'scenarios.a.duration', message: /longer than 0s/, at: '0s\n' },
      { path: 'scenarios.b.stages', message: /0s in total/ },
    );
  });

  it('think with min greater than max, also inside a group', () => {
    const text = plan({
      steps: `
      - request: { url: "http://localhost/" }
      - think: { min: 2s, max: 500ms }
      - group:
          name: inner
          steps:
            - think: { min: 1m, max: 59s }
            - think: { min: 1s, max: 1s }
    `,
    });
    expectOnlyIssues(
      text,
      { path: 'scenarios.browse.steps[1].think', message: /min \(2s\) is greater than max \(500ms\)/, at: '{ min: 2s' },
      {
        path: 'scenarios.browse.steps[2].group.steps[0].think',
        message: /min \(1m\) is greater than max \(59s\)/,
        at: '{ min: 1m',
      },
    );
  });
});

describe('thresholds', () => {
  /** A plan with two named requests, List users and Get user, and these thresholds. */
  const withThresholds = (thresholds: string): string =>
    plan({
      top: BASE_URL,
      steps: `
      - request: { name: List users, url: /users }
      - request: { name: Get user, url: /users/1, checks: [{ status: 200 }] }
    `,
      bottom: `thresholds:\n${indent(thresholds, 2)}`,
    });

  it('valid thresholds parse', () => {
    const { plan: p } = parses(
      withThresholds(
        [
          'http_req_duration{request:List users}: ["p(95)<500"]',
          'http_req_failed{scenario:browse}: ["rate<0.01"]',
          'checks{check:status is 200}: ["rate>0.99"]',
          'iterations: ["count>10"]',
        ].join('\n'),
      ),
    );
    expect(Object.keys(p.thresholds ?? {})).toHaveLength(4);
  });

  it('an unknown metric points at its key and lists the known metrics', () => {
    const text = withThresholds('http_req_duraton:\n  - p(95)<500');
    const [issue] = expectOnlyIssues(text, {
      path: 'thresholds.http_req_duraton',
      message: /unknown metric 'http_req_duraton'/,
      at: 'http_req_duraton',
    });
    expect(issue.message).toContain('http_req_duration');
  });

  it('an aggregation the metric type does not have: rate on http_req_duration', () => {
    const text = withThresholds('http_req_duration: ["p(95)<500", "rate<0.1"]');
    expectOnlyIssues(text, {
      path: 'thresholds.http_req_duration[1]',
      message: /http_req_duration is a trend metric: use avg, min, max, med, p\(N\), not rate/,
      at: '"rate<0.1"',
    });
  });

  it('a tag filter on a request name that does not exist lists the known names', () => {
    const key = 'http_req_duration{request:List userz}';
    const text = withThresholds(`${key}:\n  - p(95)<500`);
    const [issue] = expectOnlyIssues(text, {
      path: `thresholds[${JSON.stringify(key)}]`,
      message: /no request 'List userz' in this plan/,
      at: key,
    });
    expect(issue.message).toMatch(/did you mean 'List users'/);
    expect(issue.message).toMatch(/known: List users, Get user/);
  });

  it('a tag the metric does not have', () => {
    const text = withThresholds('vus{scenario:browse}: ["value<10"]\niterations{request:List users}: ["count>1"]');
    expectOnlyIssues(
      text,
      { path: 'thresholds["vus{scenario:browse}"]', message: /vus has no tag 'scenario'/, at: 'vus{' },
      {
        path: 'thresholds["iterations{request:List users}"]',
        message: /iterations has no tag 'request'.*scenario/,
        at: 'iterations{',
      },
    );
  });

  it('an expression that is not a threshold', () => {
    expectIssues(withThresholds('http_req_duration: ["p95 < 500ms"]'), {
      path: 'thresholds.http_req_duration[0]',
      message: /not a threshold expression/,
      at: '"p95',
    });
  });
});

describe('many problems in one file are all reported', () => {
  it('schema problems everywhere in the document, sorted by line in the message', () => {
    const text = dedent(`
      version: 1
      name: x
      descripton: typo
      scenarios:
        a:
          executor: constant-vus
          vus: "ten"
          duration: 30
          steps:
            - request: { method: GET }
        b:
          executor: ramping-vus
          stages: [{ duration: 10s, target: -1 }]
          steps:
            - request: { url: "http://h/", chekcs: [] }
            - request: { url: "http://h/", method: post }
    `);
    const err = planError(text);
    expect(paths(err).sort()).toEqual([
      'descripton',
      'scenarios.a.duration',
      'scenarios.a.steps[0].request.url',
      'scenarios.a.vus',
      'scenarios.b.stages[0].target',
      'scenarios.b.steps[0].request.chekcs',
      'scenarios.b.steps[1].request.method',
    ]);
    const lines = err.message.split('\n');
    expect(lines).toHaveLength(7);
    const lineNumbers = lines.map((l) => Number(l.split(':')[1]));
    expect(lineNumbers).toEqual([...lineNumbers].sort((x, y) => x - y));
    for (const l of lines) expect(l).toMatch(new RegExp(`^${FILE.replace(/[.]/g, '\\.')}:\\d+:\\d+: \\S`));
  });

  it('semantic problems (requests, templates, executors, thresholds) together', () => {
    const text = plan({
      executor: 'shared-iterations',
      scenario: 'vus: 3\niterations: 2',
      steps: `
        - request: { url: /relative }
        - request: { url: "http://h/\${nope}", checks: [{ header: X, matches: "(" }] }
        - think: { min: 2s, max: 1s }
      `,
      bottom: 'thresholds:\n  http_req_duration: ["rate<0.1"]',
    });
    const err = planError(text);
    expect(paths(err).sort()).toEqual([
      'scenarios.browse.steps[0].request.url',
      'scenarios.browse.steps[1].request.checks[0].matches',
      'scenarios.browse.steps[1].request.url',
      'scenarios.browse.steps[2].think',
      'scenarios.browse.vus',
      'thresholds.http_req_duration[0]',
    ]);
    for (const issue of err.issues) expect(issue.position, formatPath(issue.path)).toBeDefined();
  });
});

describe("the design example plan (the plan format's first sketch)", () => {
  it('parses as written', () => {
    const text = dedent(`
      version: 1
      name: Users API baseline
      defaults:
        baseUrl: \${env.BASE_URL}
        headers: { Accept: application/json }
        auth: { type: bearer, token: "\${env.API_TOKEN}" }   # secrets come from env/environments, never inline on export
        timeout: 60s
      variables: { orgPrefix: Organization }
      scenarios:
        browse:
          executor: constant-vus          # constant-vus | ramping-vus | per-vu-iterations | shared-iterations
          vus: 20                         # | constant-arrival-rate | ramping-arrival-rate
          duration: 30s
          steps:
            - request:
                name: List users
                method: GET
                url: /v3/users
                checks: [{ status: 200 }, { jsonPath: "$.results[0].id", exists: true }, { duration: { lt: 500ms } }]
                extract: { userId: { jsonPath: "$.results[0].id" } }
            - think: { min: 0.5s, max: 1s }
            - batch:                      # requests sent in parallel, like k6 http.batch
                - request: { name: Create organization, method: POST, url: /v3/organizations,
                             json: { name: "\${orgPrefix} \${vu}:\${iter}" }, checks: [{ status: 201 }] }
      thresholds:
        http_req_duration{request:List users}: ["p(95)<500"]
        http_req_failed: ["rate<0.01"]
        checks: ["rate>0.99"]
    `);
    const { plan, env, file } = parses(text);
    expect(file).toBe(FILE);
    expect(plan.name).toBe('Users API baseline');
    expect(plan.defaults?.auth).toEqual({ type: 'bearer', token: '${env.API_TOKEN}' });
    const browse = plan.scenarios.browse;
    expect(browse).toMatchObject({ executor: 'constant-vus', vus: 20, duration: '30s' });
    expect(browse?.steps).toHaveLength(3);
    expect(browse?.steps[2]).toEqual({
      batch: [
        {
          request: {
            name: 'Create organization',
            method: 'POST',
            url: '/v3/organizations',
            json: { name: '${orgPrefix} ${vu}:${iter}' },
            checks: [{ status: 201 }],
          },
        },
      ],
    });
    expect(env.map((e) => e.name).sort()).toEqual(['API_TOKEN', 'BASE_URL']);
    expect(Object.keys(plan.thresholds ?? {})).toEqual([
      'http_req_duration{request:List users}',
      'http_req_failed',
      'checks',
    ]);
  });
});
