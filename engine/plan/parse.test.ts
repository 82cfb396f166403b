import { describe, expect, it } from 'vitest';
import { formatPath, parsePlan, PlanError, type ParsedPlan, type PlanIssue, type SourcePosition } from './index.ts';

const FILE = 'plans/under-test.yaml';

/** Strips the common indentation of a template literal (and its first and last empty lines). */
function dedent(text: string): string {
  const lines = text.replace(/^\n/, '').replace(/\n[ \t]*$/, '').split('\n');
  const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => (/^ */.exec(l) as RegExpExecArray)[0].length));
  return `${lines.map((l) => l.slice(indent)).join('\n')}\n`;
}

/** 1-based line:column of `needle` in `text` (which must occur exactly once unless `occurrence` is given), moved by `shift`. */
function at(text: string, needle: string, opts: { occurrence?: number; shift?: number } = {}): SourcePosition {
  const all: number[] = [];
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) all.push(i);
  if (all.length === 0) throw new Error(`'${needle}' is not in the text`);
  if (opts.occurrence === undefined && all.length > 1) throw new Error(`'${needle}' occurs ${all.length} times: pass occurrence`);
  const index = (all[opts.occurrence ?? 0] as number) + (opts.shift ?? 0);
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

/** The issue whose message matches (wherever its path), placed at `position`. */
function expectMessage(err: PlanError, message: RegExp, position: SourcePosition): PlanIssue {
  const found = err.issues.filter((i) => message.test(i.message));
  expect(found, `issues matching ${message} in:\n${err.message}`).toHaveLength(1);
  const issue = found[0] as PlanIssue;
  expect(issue.position, `position of ${message}`).toEqual(position);
  expect(err.message.split('\n')).toContain(`${FILE}:${position.line}:${position.column}: ${formatPath(issue.path)}: ${issue.message}`);
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
    const where = at(text, '42');
    expect(where).toEqual({ line: 13, column: 16 });
    const issue = expectIssue(err, 'scenarios.browse.steps[2].request.url', /expected a string, got the number 42/, where);
    expect(err.message).toBe(`${FILE}:13:16: scenarios.browse.steps[2].request.url: ${issue.message}`);
  });

  it('places a missing key at the mapping that lacks it', () => {
    const text = dedent(`
      version: 1
      name: Users API
      scenarios:
        browse:
          executor: constant-vus
          duration: 30s
          steps:
            - request: { url: "http://localhost:3000/a" }
            - think: 1s
            - request:
                name: No URL
                method: POST
    `);
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    expectIssue(err, 'scenarios.browse.steps[2].request.url', /is required/, at(text, 'name: No URL'));
  });

  it('reports missing steps and a missing version', () => {
    const noSteps = dedent(`
      version: 1
      name: x
      scenarios:
        browse:
          executor: constant-vus
          duration: 30s
    `);
    expectIssue(planError(noSteps), 'scenarios.browse.steps', /is required/, at(noSteps, 'executor'));

    const noVersion = dedent(`
      # a comment before the document
      name: x
      scenarios:
        browse:
          executor: constant-vus
          duration: 30s
          steps: [{ request: { url: "http://localhost/" } }]
    `);
    const err = planError(noVersion);
    expect(err.issues).toHaveLength(1);
    expectIssue(err, 'version', /is required: start the plan with 'version: 1'/, at(noVersion, 'name: x'));
  });

  it('omits the file name when there is none, keeping line:column', () => {
    const text = 'version: 1\nname: x\nscenarios:\n  a:\n    executor: constant-vus\n    duration: soon\n    steps: [{ request: { url: "http://h/" } }]\n';
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
    const text = dedent(`
      version: 1
      name: x
      sceanrios:
        browse:
          executor: constant-vus
          duration: 30s
          steps: [{ request: { url: "http://localhost/" } }]
    `);
    const err = planError(text);
    expectIssue(err, 'sceanrios', /^unknown key 'sceanrios' \(did you mean 'scenarios'\?\)$/, at(text, 'sceanrios'));
    expectIssue(err, 'scenarios', /is required/);
  });

  it('at the top level, far from any key: lists the allowed keys', () => {
    const text = dedent(`
      version: 1
      name: x
      scenarios:
        browse:
          executor: constant-vus
          duration: 30s
          steps: [{ request: { url: "http://localhost/" } }]
      retries: 3
    `);
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    const issue = expectIssue(err, 'retries', /^unknown key 'retries'; allowed here: /, at(text, 'retries'));
    for (const k of ['version', 'name', 'description', 'defaults', 'variables', 'data', 'scenarios', 'thresholds']) {
      expect(issue.message).toContain(k);
    }
  });

  it('deep inside a request: chekcs', () => {
    const text = dedent(`
      version: 1
      name: x
      defaults: { baseUrl: "http://localhost:3000" }
      scenarios:
        browse:
          executor: constant-vus
          duration: 30s
          steps:
            - request:
                url: /users
                chekcs: [{ status: 200 }]
    `);
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    expectIssue(err, 'scenarios.browse.steps[0].request.chekcs', /^unknown key 'chekcs' \(did you mean 'checks'\?\)$/, at(text, 'chekcs'));
  });

  it('in a flow mapping: the column is the key inside the braces', () => {
    const text = dedent(`
      version: 1
      name: x
      defaults: { baseUrl: "http://localhost:3000", timeuot: 5s }
      scenarios:
        browse:
          executor: constant-vus
          duration: 30s
          steps: [{ request: { url: /users } }]
    `);
    expectIssue(planError(text), 'defaults.timeuot', /did you mean 'timeout'/, at(text, 'timeuot'));
  });

  it('jsonpath instead of jsonPath in a check and in an extraction', () => {
    const text = dedent(`
      version: 1
      name: x
      defaults: { baseUrl: "http://localhost:3000" }
      scenarios:
        browse:
          executor: constant-vus
          duration: 30s
          steps:
            - request:
                url: /users
                checks:
                  - jsonpath: $.results[0].id
                    exists: true
                extract:
                  userId:
                    jsonpath: $.results[0].id
    `);
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
    expect(checkIssues[0]?.position).toEqual(at(text, 'jsonpath', { occurrence: 0 }));
    expect(extractIssues, err.message).toHaveLength(1);
    expect(extractIssues[0]?.message).toMatch(/'jsonpath'.*did you mean 'jsonPath'/);
    expect(extractIssues[0]?.position).toEqual(at(text, 'jsonpath', { occurrence: 1 }));
  });

  it('keys of another executor are unknown for this one (gracefulRampDown on constant-vus), vu suggests vus', () => {
    const text = dedent(`
      version: 1
      name: x
      scenarios:
        browse:
          executor: constant-vus
          vu: 10
          duration: 30s
          gracefulRampDown: 5s
          steps: [{ request: { url: "http://localhost/" } }]
    `);
    const err = planError(text);
    expect(err.issues).toHaveLength(2);
    expectIssue(err, 'scenarios.browse.vu', /^unknown key 'vu' \(did you mean 'vus'\?\)$/, at(text, 'vu:'));
    const issue = expectIssue(err, 'scenarios.browse.gracefulRampDown', /^unknown key 'gracefulRampDown'; allowed here: /, at(text, 'gracefulRampDown'));
    expect(issue.message).toContain('gracefulStop');
    expect(issue.message).not.toContain('stages');
  });

  it('in a basic auth: usernme suggests username', () => {
    const text = dedent(`
      version: 1
      name: x
      defaults:
        auth: { type: basic, usernme: me, password: secret }
      scenarios:
        browse:
          executor: constant-vus
          duration: 30s
          steps: [{ request: { url: "http://localhost/" } }]
    `);
    const err = planError(text);
    expectIssue(err, 'defaults.auth.usernme', /^unknown key 'usernme' \(did you mean 'username'\?\)$/, at(text, 'usernme'));
    expectIssue(err, 'defaults.auth.username', /is required/);
  });

  it('in a bearer auth: tokne names what is expected, and the missing token', () => {
    const text = dedent(`
      version: 1
      name: x
      defaults:
        auth: { type: bearer, tokne: abc }
      scenarios:
        browse:
          executor: constant-vus
          duration: 30s
          steps: [{ request: { url: "http://localhost/" } }]
    `);
    const err = planError(text);
    // A swapped pair of letters is one typo: either suggest 'token' or list the allowed keys.
    expectIssue(err, 'defaults.auth.tokne', /^unknown key 'tokne'.*\btoken\b/, at(text, 'tokne'));
    expectIssue(err, 'defaults.auth.token', /is required/);
  });
});

describe('wrong types and values', () => {
  const scenario = (lines: string): string => dedent(`
    version: 1
    name: x
    scenarios:
      browse:
        executor: constant-vus
${lines}
        steps: [{ request: { url: "http://localhost/" } }]
  `);

  it('vus: "ten"', () => {
    const text = scenario('        vus: "ten"\n        duration: 30s');
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    expectIssue(err, 'scenarios.browse.vus', /^expected (a number|an integer), got 'ten'$/, at(text, '"ten"'));
  });

  it('vus: 2.5 and vus: 0', () => {
    const half = scenario('        vus: 2.5\n        duration: 30s');
    expectIssue(planError(half), 'scenarios.browse.vus', /integer.*2\.5/, at(half, '2.5'));
    const zero = scenario('        vus: 0\n        duration: 30s');
    expectIssue(planError(zero), 'scenarios.browse.vus', /at least 1, got the number 0/, at(zero, '0\n'));
  });

  it('a duration given as a number: duration: 30', () => {
    const text = scenario('        vus: 1\n        duration: 30');
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    expectIssue(err, 'scenarios.browse.duration', /^expected a duration such as 500ms, 30s or 1m30s, got the number 30$/, at(text, '30\n'));
  });

  it('a duration without a valid unit: 30sec', () => {
    const text = scenario('        duration: 30sec');
    expectIssue(planError(text), 'scenarios.browse.duration', /expected a duration such as 500ms, 30s or 1m30s, got '30sec'/, at(text, '30sec'));
  });

  it('an unknown executor, with a suggestion', () => {
    const text = dedent(`
      version: 1
      name: x
      scenarios:
        browse:
          executor: constant-vu
          duration: 30s
          steps: [{ request: { url: "http://localhost/" } }]
    `);
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    const issue = expectIssue(err, 'scenarios.browse.executor', /unknown executor 'constant-vu'.*did you mean 'constant-vus'/, at(text, 'constant-vu'));
    for (const e of ['constant-vus', 'ramping-vus', 'per-vu-iterations', 'shared-iterations']) expect(issue.message).toContain(e);
  });

  it('a missing executor lists the executors', () => {
    const text = dedent(`
      version: 1
      name: x
      scenarios:
        browse:
          duration: 30s
          steps: [{ request: { url: "http://localhost/" } }]
    `);
    expectIssue(planError(text), 'scenarios.browse.executor', /is required.*constant-vus.*ramping-vus/);
  });

  it('a step of an unknown kind: requets', () => {
    const text = dedent(`
      version: 1
      name: x
      scenarios:
        browse:
          executor: constant-vus
          duration: 30s
          steps:
            - think: 1s
            - requets:
                url: "http://localhost/"
    `);
    const err = planError(text);
    expectMessage(err, /'requets'.*did you mean 'request'/, at(text, 'requets'));
    // Nothing about a think step: the user did not write one.
    expect(paths(err).filter((p) => p !== 'scenarios.browse.steps[1]' && p !== 'scenarios.browse.steps[1].requets'), err.message).toEqual([]);
  });

  const withMethod = (method: string): string => dedent(`
    version: 1
    name: x
    scenarios:
      browse:
        executor: constant-vus
        duration: 30s
        steps: [{ request: { method: ${method}, url: "http://localhost/" } }]
  `);

  it('an HTTP method in lower case suggests the upper-case one', () => {
    const text = withMethod('post');
    expectIssue(planError(text), 'scenarios.browse.steps[0].request.method', /^expected one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, got 'post' \(did you mean 'POST'\?\)$/, at(text, 'post'));
  });

  it('an unknown HTTP method lists the methods', () => {
    const text = withMethod('FETCH');
    expectIssue(planError(text), 'scenarios.browse.steps[0].request.method', /^expected one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, got 'FETCH'$/, at(text, 'FETCH'));
  });

  it('version 2 is refused with an upgrade message; a non-integer version is refused', () => {
    const v2 = dedent(`
      version: 2
      name: x
      scenarios: {}
    `);
    const err = planError(v2);
    expect(err.issues).toHaveLength(1);
    expectIssue(err, 'version', /version 2.*up to version 1.*upgrade Loadsmith/, at(v2, '2'));

    const text = dedent(`
      version: "1"
      name: x
      scenarios: {}
    `);
    expectIssue(planError(text), 'version', /whole number/, at(text, '"1"'));
  });

  it('a document that is not a mapping', () => {
    const err = planError('- just\n- a list\n');
    expect(err.issues).toHaveLength(1);
    expect(err.issues[0]?.message).toMatch(/a plan is a mapping/);
  });

  it('a plan without scenarios', () => {
    const text = 'version: 1\nname: x\nscenarios: {}\n';
    expectIssue(planError(text), 'scenarios', /at least one scenario/, at(text, '{}'));
  });
});

describe('YAML syntax', () => {
  it('a syntax error names the position', () => {
    const text = dedent(`
      version: 1
      name: Users: baseline
      scenarios: {}
    `);
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    const first = err.issues[0] as PlanIssue;
    expect(first.message).toMatch(/^syntax error: .*nested mappings/i);
    expect(first.position).toEqual(at(text, 'Users:'));
    expect(err.message).toBe(`${FILE}:2:7: ${first.message}`);
  });

  it('a tab used as indentation is a syntax error at the tab', () => {
    const text = 'version: 1\nname: x\nscenarios:\n  a:\n\texecutor: constant-vus\n';
    const err = planError(text);
    expect(err.issues[0]?.message).toMatch(/^syntax error: .*tab/i);
    expect(err.issues[0]?.position).toEqual(at(text, '\t'));
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
    expect(err.issues[0]?.position?.line).toBe(at(text, 'duration').line);
  });

  it('duplicate keys are refused, pointing at the second one', () => {
    const text = dedent(`
      version: 1
      name: first
      scenarios:
        browse:
          executor: constant-vus
          duration: 30s
          steps: [{ request: { url: "http://localhost/" } }]
      name: second
    `);
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    expect(err.issues[0]?.message).toMatch(/^syntax error: .*unique/i);
    expect(err.issues[0]?.position).toEqual(at(text, 'name: second'));
  });

  it('a billion-laughs document is refused quickly', () => {
    const lines = ['version: 1', 'name: lol', 'variables:', '  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i <= 9; i++) lines.push(`  l${i}: &l${i} [${Array.from({ length: 10 }, () => `*l${i - 1}`).join(', ')}]`);
    lines.push('scenarios:', '  a:', '    executor: constant-vus', '    duration: 1s', '    steps: [{ request: { url: "http://h/" } }]');
    const started = performance.now();
    const err = planError(lines.join('\n'));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(err.issues).toHaveLength(1);
    expect(err.message).toMatch(/^plans\/under-test\.yaml: .*alias/i);
  });

  it('a few aliases are fine', () => {
    const plan = parses(dedent(`
      version: 1
      name: aliases
      defaults: { baseUrl: "http://localhost:3000" }
      scenarios:
        a:
          executor: constant-vus
          duration: 1s
          steps:
            - request: { url: /a, headers: &h { X-Team: load } }
            - request: { url: /b, headers: *h }
    `)).plan;
    const steps = plan.scenarios.a?.steps ?? [];
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
    const { plan } = parses(json);
    expect(plan.name).toBe('JSON plan');
    expect(plan.scenarios.browse).toMatchObject({ executor: 'constant-vus', vus: 3, duration: '10s' });
  });

  it('locates errors at the JSON value and key', () => {
    const text = json.replace('"vus": 3', '"vus": "ten"').replace('"url": "http', '"ulr": "http');
    expect(text).toContain('"ulr"');
    const err = planError(text);
    expect(err.issues).toHaveLength(3);
    expectIssue(err, 'scenarios.browse.vus', /got 'ten'/, at(text, '"ten"'));
    expectIssue(err, 'scenarios.browse.steps[0].request.ulr', /^unknown key 'ulr'.*\burl\b/, at(text, '"ulr"'));
    expectIssue(err, 'scenarios.browse.steps[0].request.url', /is required/, at(text, '{ "ulr"'));
  });
});

describe('templates', () => {
  it('a syntax error inside a plain string points inside the string', () => {
    const text = dedent(`
      version: 1
      name: x
      defaults:
        baseUrl: "http://localhost:3000"
      scenarios:
        browse:
          executor: constant-vus
          duration: 1s
          steps:
            - request:
                url: /users/\${userId
    `);
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    expectIssue(err, 'scenarios.browse.steps[0].request.url', /never closed/, at(text, '${userId'));
  });

  it('a syntax error inside a quoted string and inside a JSON body points inside the string', () => {
    const text = dedent(`
      version: 1
      name: x
      defaults: { baseUrl: "http://localhost:3000" }
      scenarios:
        browse:
          executor: constant-vus
          duration: 1s
          steps:
            - request:
                url: "/users/\${}"
                method: POST
                json: { user: { name: "x \${a b}" } }
    `);
    const err = planError(text);
    expect(err.issues).toHaveLength(2);
    expectIssue(err, 'scenarios.browse.steps[0].request.url', /empty expression/, at(text, '${}'));
    expectIssue(err, 'scenarios.browse.steps[0].request.json.user.name', /expected '}'/, at(text, 'b}"'));
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
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    expectIssue(err, 'scenarios.browse.steps[1].request.url', /'userId' is neither a plan variable nor extracted by a request/, at(text, 'userId}'));
  });

  it('a variable extracted in the same scenario is known', () => {
    const { plan: p } = parses(dedent(`
      version: 1
      name: x
      defaults: { baseUrl: "http://localhost:3000" }
      scenarios:
        browse:
          executor: constant-vus
          duration: 1s
          steps:
            - request: { url: /users, extract: { userId: { jsonPath: "$[0].id" } } }
            - request: { url: "/users/\${userId}" }
    `));
    expect(Object.keys(p.scenarios)).toEqual(['browse']);
  });

  it('a misspelt plan variable suggests the right one', () => {
    const text = dedent(`
      version: 1
      name: x
      defaults: { baseUrl: "http://localhost:3000" }
      variables: { orgPrefix: Org }
      scenarios:
        browse:
          executor: constant-vus
          duration: 1s
          steps:
            - request: { url: /orgs, method: POST, json: { name: "\${orgprefix} 1" } }
    `);
    expectIssue(planError(text), 'scenarios.browse.steps[0].request.json.name', /did you mean 'orgPrefix'/, at(text, 'orgprefix'));
  });

  const headerPlan = (override: string): string => dedent(`
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
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    const issue = expectIssue(err, 'defaults.headers.Authorization', /'token' is neither a plan variable nor extracted/, at(text, 'token}'));
    expect(issue.message).toMatch(/scenarios 'browse', 'search'/);
    expect(issue.message).not.toContain("'login'");
  });

  it('is valid when the scenarios that lack the variable override the header (in any case)', () => {
    const { plan: p } = parses(headerPlan(', headers: { authorization: none }'));
    expect(Object.keys(p.scenarios)).toEqual(['login', 'browse', 'search']);
  });

  it('a data feeder that is not defined', () => {
    const text = dedent(`
      version: 1
      name: x
      defaults: { baseUrl: "http://localhost:3000" }
      data:
        user: { file: users.csv }
      scenarios:
        browse:
          executor: constant-vus
          duration: 1s
          steps:
            - request: { url: /login, method: POST, form: { email: "\${data.users.email}" } }
    `);
    expectIssue(planError(text), 'scenarios.browse.steps[0].request.form.email', /no data feeder named 'users' \(did you mean 'user'\?\); define it under data:/, at(text, 'data.users'));
  });

  it('variables may use variables above them only', () => {
    const text = dedent(`
      version: 1
      name: x
      defaults: { baseUrl: "http://localhost:3000" }
      variables:
        greeting: "Hello \${who}"
        who: World
      scenarios:
        browse:
          executor: constant-vus
          duration: 1s
          steps: [{ request: { url: "/hello?g=\${greeting}" } }]
    `);
    expectIssue(planError(text), 'variables.greeting', /variable 'who' is not defined before 'greeting'/, at(text, 'who}'));

    const ordered = text.replace('  greeting: "Hello ${who}"\n  who: World', '  who: World\n  greeting: "Hello ${who}"');
    expect(ordered).not.toBe(text);
    expect(parses(ordered).plan.variables).toEqual({ who: 'World', greeting: 'Hello ${who}' });
  });

  it('${iter} cannot be used in a variable', () => {
    const text = dedent(`
      version: 1
      name: x
      variables: { tag: "run-\${iter}" }
      scenarios:
        browse:
          executor: constant-vus
          duration: 1s
          steps: [{ request: { url: "http://localhost/" } }]
    `);
    expectIssue(planError(text), 'variables.tag', /iter/, at(text, 'iter}'));
  });

  it('collects the environment variables the plan reads', () => {
    const { env } = parses(dedent(`
      version: 1
      name: x
      defaults: { baseUrl: "\${env.BASE_URL:-http://localhost}" }
      scenarios:
        browse:
          executor: constant-vus
          duration: 1s
          steps: [{ request: { url: /x, auth: { type: bearer, token: "\${env.TOKEN}" } } }]
    `));
    expect(env.map((e) => [e.name, e.hasDefault])).toEqual([['BASE_URL', true], ['TOKEN', false]]);
  });
});

describe('request rules', () => {
  const oneRequest = (request: string, head = ''): string => dedent(`
    version: 1
    name: x
${head}
    scenarios:
      browse:
        executor: constant-vus
        duration: 1s
        steps:
          - request:
${request}
  `);

  it('two bodies (json and form)', () => {
    const text = oneRequest(`
              url: "http://localhost/users"
              method: POST
              json: { a: 1 }
              form: { b: "2" }
    `);
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    expectIssue(err, 'scenarios.browse.steps[0].request.form', /one body: remove either json or form/, at(text, '{ b:'));
  });

  it('a relative URL without baseUrl; an absolute or templated one is fine', () => {
    const text = oneRequest('              url: /v3/users');
    expectIssue(planError(text), 'scenarios.browse.steps[0].request.url', /'\/v3\/users' is relative, but defaults\.baseUrl is not set/, at(text, '/v3/users'));
    parses(oneRequest('              url: "https://example.test/v3/users"'));
    parses(oneRequest('              url: "${env.API}/v3/users"'));
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
    const err = planError(text);
    expect(err.issues).toHaveLength(3);
    expectIssue(err, 'scenarios.browse.steps[0].request.checks[0].matches', /not a valid regular expression/, at(text, '"([a-z"'));
    expectIssue(err, 'scenarios.browse.steps[0].request.checks[1].body.matches', /not a valid regular expression/, at(text, '"a{2,1}"'));
    expectIssue(err, 'scenarios.browse.steps[0].request.extract.id.regex', /not a valid regular expression/, at(text, '"id='));
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
    const err = planError(text);
    expect(err.issues).toHaveLength(2);
    expectIssue(err, 'scenarios.browse.steps[0].request.checks[0].jsonPath', /not a valid JSONPath/, at(text, '"$.results[0"'));
    expectIssue(err, 'scenarios.browse.steps[0].request.extract.id.jsonPath', /not a valid JSONPath/, at(text, '"$.a[?'));
  });

  it('a duration check without lt or lte', () => {
    const text = oneRequest(`
              url: "http://localhost/users"
              checks: [{ duration: {} }]
    `);
    expectIssue(planError(text), 'scenarios.browse.steps[0].request.checks[0].duration', /needs lt or lte/);
  });

  it('checks reading the body when bodies are discarded', () => {
    const text = oneRequest(`
              url: "http://localhost/users"
              checks: [{ status: 200 }, { jsonPath: $.id, exists: true }]
    `, '    defaults: { http: { discardResponseBodies: true } }');
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    expectIssue(err, 'scenarios.browse.steps[0].request.checks[1]', /discardResponseBodies/);
  });
});

describe('executor rules', () => {
  it('shared-iterations with more VUs than iterations', () => {
    const text = dedent(`
      version: 1
      name: x
      scenarios:
        share:
          executor: shared-iterations
          vus: 10
          iterations: 5
          steps: [{ request: { url: "http://localhost/" } }]
    `);
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    expectIssue(err, 'scenarios.share.vus', /10 VUs cannot share 5 iterations/, at(text, '10'));
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
    const err = planError(text);
    expect(err.issues).toHaveLength(2);
    expectIssue(err, 'scenarios.a.duration', /longer than 0s/, at(text, '0s\n'));
    expectIssue(err, 'scenarios.b.stages', /0s in total/);
  });

  it('think with min greater than max, also inside a group', () => {
    const text = dedent(`
      version: 1
      name: x
      scenarios:
        browse:
          executor: constant-vus
          duration: 1s
          steps:
            - request: { url: "http://localhost/" }
            - think: { min: 2s, max: 500ms }
            - group:
                name: inner
                steps:
                  - think: { min: 1m, max: 59s }
                  - think: { min: 1s, max: 1s }
    `);
    const err = planError(text);
    expect(err.issues).toHaveLength(2);
    expectIssue(err, 'scenarios.browse.steps[1].think', /min \(2s\) is greater than max \(500ms\)/, at(text, '{ min: 2s'));
    expectIssue(err, 'scenarios.browse.steps[2].group.steps[0].think', /min \(1m\) is greater than max \(59s\)/, at(text, '{ min: 1m'));
  });
});

describe('thresholds', () => {
  const withThresholds = (thresholds: string): string => dedent(`
    version: 1
    name: x
    defaults: { baseUrl: "http://localhost:3000" }
    scenarios:
      browse:
        executor: constant-vus
        duration: 1s
        steps:
          - request: { name: List users, url: /users }
          - request: { name: Get user, url: /users/1, checks: [{ status: 200 }] }
    thresholds:
${thresholds}
  `);

  it('valid thresholds parse', () => {
    const { plan } = parses(withThresholds([
      '      http_req_duration{request:List users}: ["p(95)<500"]',
      '      http_req_failed{scenario:browse}: ["rate<0.01"]',
      '      checks{check:status is 200}: ["rate>0.99"]',
      '      iterations: ["count>10"]',
    ].join('\n')));
    expect(Object.keys(plan.thresholds ?? {})).toHaveLength(4);
  });

  it('an unknown metric points at its key and lists the known metrics', () => {
    const text = withThresholds('      http_req_duraton:\n        - p(95)<500');
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    const issue = expectIssue(err, 'thresholds.http_req_duraton', /unknown metric 'http_req_duraton'/, at(text, 'http_req_duraton'));
    expect(issue.message).toContain('http_req_duration');
  });

  it('an aggregation the metric type does not have: rate on http_req_duration', () => {
    const text = withThresholds('      http_req_duration: ["p(95)<500", "rate<0.1"]');
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    expectIssue(err, 'thresholds.http_req_duration[1]', /http_req_duration is a trend metric: use avg, min, max, med, p\(N\), not rate/, at(text, '"rate<0.1"'));
  });

  it('a tag filter on a request name that does not exist lists the known names', () => {
    const key = 'http_req_duration{request:List userz}';
    const text = withThresholds(`      ${key}:\n        - p(95)<500`);
    const err = planError(text);
    expect(err.issues).toHaveLength(1);
    const issue = expectIssue(err, `thresholds[${JSON.stringify(key)}]`, /no request 'List userz' in this plan/, at(text, key));
    expect(issue.message).toMatch(/did you mean 'List users'/);
    expect(issue.message).toMatch(/known: List users, Get user/);
  });

  it('a tag the metric does not have', () => {
    const text = withThresholds('      vus{scenario:browse}: ["value<10"]\n      iterations{request:List users}: ["count>1"]');
    const err = planError(text);
    expect(err.issues).toHaveLength(2);
    expectIssue(err, 'thresholds["vus{scenario:browse}"]', /vus has no tag 'scenario'/, at(text, 'vus{'));
    expectIssue(err, 'thresholds["iterations{request:List users}"]', /iterations has no tag 'request'.*scenario/, at(text, 'iterations{'));
  });

  it('an expression that is not a threshold', () => {
    const text = withThresholds('      http_req_duration: ["p95 < 500ms"]');
    expectIssue(planError(text), 'thresholds.http_req_duration[0]', /not a threshold expression/, at(text, '"p95'));
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
    const text = dedent(`
      version: 1
      name: x
      scenarios:
        a:
          executor: shared-iterations
          vus: 3
          iterations: 2
          steps:
            - request: { url: /relative }
            - request: { url: "http://h/\${nope}", checks: [{ header: X, matches: "(" }] }
            - think: { min: 2s, max: 1s }
      thresholds:
        http_req_duration: ["rate<0.1"]
    `);
    const err = planError(text);
    expect(paths(err).sort()).toEqual([
      'scenarios.a.steps[0].request.url',
      'scenarios.a.steps[1].request.checks[0].matches',
      'scenarios.a.steps[1].request.url',
      'scenarios.a.steps[2].think',
      'scenarios.a.vus',
      'thresholds.http_req_duration[0]',
    ]);
    for (const issue of err.issues) expect(issue.position, formatPath(issue.path)).toBeDefined();
  });
});

describe('the DESIGN.md example plan', () => {
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
      batch: [{ request: { name: 'Create organization', method: 'POST', url: '/v3/organizations', json: { name: '${orgPrefix} ${vu}:${iter}' }, checks: [{ status: 201 }] } }],
    });
    expect(env.map((e) => e.name).sort()).toEqual(['API_TOKEN', 'BASE_URL']);
    expect(Object.keys(plan.thresholds ?? {})).toEqual(['http_req_duration{request:List users}', 'http_req_failed', 'checks']);
  });
});
