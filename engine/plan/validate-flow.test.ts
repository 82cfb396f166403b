/** Flow control in plan files: valid constructs parse; mistakes are located at file:line:column with their path. */
import { describe, expect, it } from 'vitest';
import { parsePlan, PlanError, type PlanIssue } from './index.ts';

const FILE = 'plans/flow.yaml';
const text = (body: string): string => `version: 1
name: flow
defaults: { baseUrl: "http://127.0.0.1:3000" }
${body}`;
const scenario = (steps: string): string =>
  text(`scenarios:
  s:
    executor: per-vu-iterations
    steps:
${steps}`);

function issues(source: string): PlanIssue[] {
  try {
    parsePlan(source, FILE);
  } catch (e) {
    if (e instanceof PlanError) return e.issues;
    throw e;
  }
  throw new Error('expected the plan to be refused');
}
const where = (i: PlanIssue | undefined): string => `${i?.position?.line}:${i?.position?.column} ${i?.path.join('.')}`;

describe('flow control in a plan file', () => {
  it('parses every construct, setup and teardown', () => {
    const source = text(`setup:
  steps: [{ request: { url: /login, extract: { token: { jsonPath: $.token } } } }]
teardown:
  steps: [{ request: { url: "/bye/\${token}" } }]
scenarios:
  s:
    executor: per-vu-iterations
    steps:
      - if: { condition: "status() == 200 && token != ''", then: [{ request: { url: /a } }], else: [{ think: 1s }] }
      - repeat: { times: 2, steps: [{ request: { url: "/r/\${index}" } }] }
      - while: { condition: "len(items) > 0", max: 5, counter: page, steps: [{ request: { url: "/p/\${page}", extract: { items: { jsonPath: $.items, all: true } } } }] }
      - doWhile: { condition: "status('Poll') == 202", max: 3, steps: [{ request: { name: Poll, url: /poll } }] }
      - forEach: { in: items, as: it, steps: [{ request: { url: "/i/\${it}/\${index}" } }] }
      - randomSwitch: [{ weight: 7, steps: [] }, { weight: 3, name: buy, steps: [{ request: { url: /buy, onFailure: stopVU } }] }]
      - roundRobinSwitch: [{ steps: [{ request: { url: /x } }] }]
      - once: { steps: [{ request: { url: /login-vu } }] }`);
    const plan = parsePlan(source, FILE).plan;
    expect(plan.setup?.steps).toHaveLength(1);
    expect(plan.scenarios.s?.steps.map((s) => Object.keys(s)[0])).toEqual([
      'if',
      'repeat',
      'while',
      'doWhile',
      'forEach',
      'randomSwitch',
      'roundRobinSwitch',
      'once',
    ]);
  });

  it('locates errors inside a condition at their character, with the path', () => {
    const source = scenario(`      - if:
          condition: "len(3) > 1"
          then: [{ request: { url: /a } }]`);
    const [issue] = issues(source);
    expect(issue?.message).toBe("'3' is a number: len() needs a list, text or an object");
    expect(where(issue)).toBe('9:27 scenarios.s.steps.0.if.condition');
  });

  it('requires max on while and doWhile, and bounds it', () => {
    expect(
      issues(scenario('      - while: { condition: "true", steps: [{ request: { url: /a } }] }')).map((i) => [
        i.path.join('.'),
        i.message,
      ]),
    ).toEqual([['scenarios.s.steps.0.while.max', 'is required']]);
    expect(
      issues(scenario('      - doWhile: { condition: "true", max: 2000000, steps: [{ request: { url: /a } }] }'))[0]
        ?.message,
    ).toBe('must be at most 1000000, got the number 2000000');
  });

  it("refuses status('Name') of a request the scenario does not have, suggesting one it has", () => {
    const [issue] = issues(
      scenario(`      - request: { name: Login, url: /login }
      - if: { condition: "status('Logn') == 200", then: [{ request: { url: /a } }] }`),
    );
    expect(issue?.message).toBe("no request named 'Logn' in scenario 's' (did you mean 'Login'?)");
    expect(where(issue)).toBe('9:34 scenarios.s.steps.1.if.condition');
  });

  it("keeps setup's extractions read-only: no variable, extraction or loop variable may reuse the name", () => {
    const found = issues(
      text(`variables: { token: x }
setup:
  steps: [{ request: { url: /login, extract: { token: { jsonPath: $.t } } } }]
scenarios:
  s:
    executor: per-vu-iterations
    steps:
      - request: { url: /a, extract: { token: { jsonPath: $.t }, list: { jsonPath: "$[*]", all: true } } }
      - forEach: { in: list, as: token, steps: [{ request: { url: /b } }] }`),
    );
    expect(found.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining([
        'variables.token',
        'scenarios.s.steps.0.request.extract.token',
        'scenarios.s.steps.1.forEach.as',
      ]),
    );
    expect(found.find((i) => i.path[0] === 'variables')?.message).toBe(
      "'token' is extracted by setup, so every VU reads it and nothing may change it: choose another name",
    );
  });

  it('explains what setup and teardown cannot read: data rows; variables cannot read what setup extracts', () => {
    const found = issues(
      text(`variables: { header: "Bearer \${token}" }
data: { users: { file: users.csv } }
setup:
  steps: [{ request: { url: "/login/\${data.users.name}", extract: { token: { jsonPath: $.t } } } }]
scenarios:
  s: { executor: per-vu-iterations, steps: [{ request: { url: /a } }] }`),
    );
    expect(found.map((i) => i.message)).toEqual(
      expect.arrayContaining([
        "'token' is extracted by setup, which runs after variables are evaluated: use ${token} in requests instead",
        'setup runs once, outside any scenario: it has no data row to read; use a plan variable or an environment variable',
      ]),
    );
  });

  it('a loop counter or item may not be a plan variable, and the two need two names', () => {
    const found = issues(
      text(`variables: { index: 1 }
scenarios:
  s:
    executor: per-vu-iterations
    steps:
      - repeat: { times: 2, steps: [{ request: { url: /a, extract: { list: { jsonPath: "$[*]", all: true } } } }] }
      - forEach: { in: list, as: i, counter: i, steps: [{ request: { url: /b } }] }`),
    );
    expect(found.map((i) => [i.path.join('.'), i.message])).toEqual([
      [
        'scenarios.s.steps.0.repeat.counter',
        "'index' is a plan variable; name the loop's counter otherwise with counter:",
      ],
      ['scenarios.s.steps.1.forEach.as', "the item and the counter are both 'i': give them two names (as:, counter:)"],
    ]);
  });
});
