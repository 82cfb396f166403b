import { describe, expect, it } from 'vitest';
import type { Plan, Request, Scenario, Step } from '../../plan/schema/index.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import { exportK6 } from './export.ts';
import { jsonPathSteps } from './jsonpath-js.ts';
import { optionsObject } from './options.ts';
import { Script } from './script.ts';

const plan = (scenarios: Record<string, Scenario>, extra: Partial<Plan> = {}): Plan =>
  validatePlanValue({ version: 1, name: 'p', ...extra, scenarios }).plan;
const one = (request: Request, extra: Partial<Plan> = {}): string =>
  exportK6(
    plan(
      { s: { executor: 'per-vu-iterations', steps: [{ request }] } },
      { defaults: { baseUrl: 'http://127.0.0.1:3000' }, ...extra },
    ),
  ).text;

describe('exportK6: options', () => {
  const options = (p: Plan): { o: Record<string, unknown>; s: Script } => {
    const s = new Script('');
    return { o: optionsObject(p, s), s };
  };

  it('maps every executor with k6 field names and one exported function per scenario', () => {
    const steps = [{ request: { url: 'http://a.test/' } }];
    const p = plan({
      cv: { executor: 'constant-vus', vus: 3, duration: '10s', steps, gracefulStop: '5s', tags: { team: 'x' } },
      rv: {
        executor: 'ramping-vus',
        startVUs: 0,
        stages: [{ duration: '5s', target: 4 }],
        gracefulRampDown: '1s',
        steps,
      },
      pvi: { executor: 'per-vu-iterations', vus: 2, iterations: 5, maxDuration: '1m', steps },
      'shared-1': { executor: 'shared-iterations', vus: 2, iterations: 8, steps, startTime: '2s' },
      car: {
        executor: 'constant-arrival-rate',
        rate: 20,
        timeUnit: '1s',
        duration: '30s',
        preAllocatedVUs: 5,
        maxVUs: 10,
        steps,
      },
      rar: {
        executor: 'ramping-arrival-rate',
        startRate: 1,
        stages: [{ duration: '10s', target: 50 }],
        preAllocatedVUs: 5,
        steps,
      },
    });
    expect(options(p).o.scenarios).toEqual({
      cv: { executor: 'constant-vus', exec: 'cv', vus: 3, duration: '10s', gracefulStop: '5s', tags: { team: 'x' } },
      rv: {
        executor: 'ramping-vus',
        exec: 'rv',
        startVUs: 0,
        stages: [{ duration: '5s', target: 4 }],
        gracefulRampDown: '1s',
      },
      pvi: { executor: 'per-vu-iterations', exec: 'pvi', vus: 2, iterations: 5, maxDuration: '1m' },
      'shared-1': { executor: 'shared-iterations', exec: 'shared_1', vus: 2, iterations: 8, startTime: '2s' },
      car: {
        executor: 'constant-arrival-rate',
        exec: 'car',
        rate: 20,
        timeUnit: '1s',
        duration: '30s',
        preAllocatedVUs: 5,
        maxVUs: 10,
      },
      rar: {
        executor: 'ramping-arrival-rate',
        exec: 'rar',
        startRate: 1,
        stages: [{ duration: '10s', target: 50 }],
        preAllocatedVUs: 5,
      },
    });
    const text = exportK6(p).text;
    for (const fn of ['cv', 'rv', 'pvi', 'shared_1', 'car', 'rar']) expect(text).toContain(`export function ${fn}() {`);
    expect(text).toContain(
      '    cv: { executor: "constant-vus", exec: "cv", vus: 3, duration: "10s", gracefulStop: "5s", tags: { team: "x" } },',
    );
  });

  it('scales a fractional arrival rate with its timeUnit (k6 rates are whole numbers)', () => {
    const { o, s } = options(
      plan({
        v: {
          executor: 'constant-arrival-rate',
          rate: 16.667,
          timeUnit: '2s',
          duration: '30s',
          preAllocatedVUs: 1,
          steps: [{ request: { url: 'http://a.test/' } }],
        },
      }),
    );
    expect(o.scenarios).toEqual({
      v: {
        executor: 'constant-arrival-rate',
        exec: 'v',
        rate: 16667,
        timeUnit: '2000000ms',
        duration: '30s',
        preAllocatedVUs: 1,
      },
    });
    expect(s.notes.list[0]).toMatchObject({ kind: 'approximated', where: 'scenarios.v' });
  });

  it('keeps threshold syntax, writes group filters as k6 does, and reports iteration_lag', () => {
    const { o, s } = options(
      plan(
        {
          s: {
            executor: 'constant-arrival-rate',
            rate: 1,
            duration: '1s',
            preAllocatedVUs: 1,
            steps: [{ group: { name: 'g', steps: [{ request: { name: 'R', url: 'http://a.test/' } }] } }],
          },
        },
        {
          thresholds: {
            'http_req_duration{request:R}': ['p(95)<500'],
            'group_duration{group:g}': ['avg<100'],
            iteration_lag: ['p(95)<50'],
            http_req_failed: [{ threshold: 'rate<0.01', abortOnFail: true }],
          },
        },
      ),
    );
    expect(o.thresholds).toEqual({
      'http_req_duration{request:R}': ['p(95)<500'],
      'group_duration{group:::g}': ['avg<100'],
      http_req_failed: [{ threshold: 'rate<0.01', abortOnFail: true }],
    });
    expect(s.notes.list).toEqual([
      expect.objectContaining({ kind: 'not-exported', where: 'thresholds.iteration_lag' }),
    ]);
  });

  it("reports the plan's metric outputs: k6 takes outputs on its command line", () => {
    const r = exportK6(
      plan(
        { s: { executor: 'per-vu-iterations', steps: [{ request: { url: 'http://a.test/' } }] } },
        { outputs: [{ kind: 'prometheus-rw', url: 'http://127.0.0.1:9090/api/v1/write' }] },
      ),
    );
    expect(r.notes).toContainEqual(
      expect.objectContaining({
        kind: 'not-exported',
        where: 'outputs',
        message: expect.stringMatching(/k6 run --out experimental-prometheus-rw/),
      }),
    );
  });

  it('plan-wide HTTP settings become k6 options; what k6 lacks is reported', () => {
    const { o, s } = options(
      plan(
        { s: { executor: 'shared-iterations', steps: [{ request: { url: '/' } }] } },
        {
          defaults: {
            baseUrl: 'http://a.test',
            tags: { team: 't' },
            http: {
              insecureTls: true,
              keepAlive: false,
              cookies: 'vu',
              discardResponseBodies: true,
              protocol: 'h2c',
              maxRedirects: 3,
              pipelining: 8,
            },
          },
        },
      ),
    );
    expect(o).toMatchObject({
      insecureSkipTLSVerify: true,
      noConnectionReuse: true,
      maxRedirects: 3,
      discardResponseBodies: true,
      noCookiesReset: true,
      tags: { team: 't' },
    });
    expect(s.notes.list.map((n) => n.where)).toEqual(['defaults.http.pipelining', 'defaults.http.protocol']);
  });

  it("summaryTrendStats is k6's option of the same name", () => {
    const { o } = options(
      plan(
        { s: { executor: 'shared-iterations', steps: [{ request: { url: 'http://a.test/' } }] } },
        { summaryTrendStats: ['avg', 'p(99.9)', 'count'] },
      ),
    );
    expect(o.summaryTrendStats).toEqual(['avg', 'p(99.9)', 'count']);
  });
});

describe('exportK6: requests', () => {
  it('merges defaults, auth and Content-Type, tags requests with their plan name', () => {
    const text = one(
      { name: 'Create', method: 'POST', url: '/orgs', headers: { 'X-Id': '${uuid()}' }, json: { name: 'n', n: 1 } },
      {
        defaults: {
          baseUrl: '${env.BASE_URL:-http://127.0.0.1:3000}',
          headers: { Accept: 'application/json' },
          auth: { type: 'bearer', token: '${env.TOKEN}' },
          timeout: '5s',
        },
      },
    );
    expect(text).toContain(
      'http.request("POST", `${txt(dflt(__ENV["BASE_URL"], "http://127.0.0.1:3000"))}/orgs`, "{\\"name\\":\\"n\\",\\"n\\":1}", ' +
        '{ headers: { "Accept": "application/json", "X-Id": `${txt(fn.uuid())}`, "Authorization": `Bearer ${txt(env("TOKEN"))}`, "Content-Type": "application/json" }, ' +
        'tags: { request: "Create", name: "Create" }, timeout: "5s" })',
    );
  });

  it("keeps a single expression's type in JSON bodies, and writes basic auth, query, form and file bodies", () => {
    expect(one({ method: 'POST', url: '/a', json: { count: '${iter}', label: 'n=${vu}' } })).toContain(
      'JSON.stringify({ "count": exec.vu.iterationInScenario, "label": `n=${exec.vu.idInTest}` })',
    );
    expect(one({ url: '/a', auth: { type: 'basic', username: 'ann', password: '${env.PW}' } })).toContain(
      'Authorization: \'Basic \' + encoding.b64encode(`ann:${txt(env("PW"))}`)',
    );
    expect(one({ url: '/a', query: { page: '${randomInt(1, 5)}', tag: ['a', 'b'] } })).toContain(
      'q("http://127.0.0.1:3000/a", [["page", fn.randomInt(1, 5)], ["tag", "a"], ["tag", "b"]])',
    );
    expect(one({ method: 'POST', url: '/a', form: { user: 'a b', n: 2 } })).toContain('"user=a%20b&n=2"');
    const file = exportK6(
      plan({
        s: {
          executor: 'shared-iterations',
          steps: [{ request: { method: 'PUT', url: 'http://a.test/', file: 'bodies/x.bin' } }],
        },
      }),
      { pathPrefix: '../plans/' },
    ).text;
    expect(file).toContain('const file1 = open("../plans/bodies/x.bin", \'b\');');
    expect(file).toContain('http.request("PUT", "http://a.test/", file1,');
  });

  it('writes every kind of check under its plan name, and reports JSONPaths it cannot evaluate', () => {
    const r = exportK6(
      plan({
        s: {
          executor: 'shared-iterations',
          steps: [
            {
              request: {
                url: 'http://a.test/',
                checks: [
                  { status: '2xx' },
                  { status: [200, 201] },
                  { header: 'Content-Type', contains: 'json' },
                  { jsonPath: '$.items[*].id', gt: 3 },
                  { jsonPath: '$..name', exists: false },
                  { body: { notContains: 'error' } },
                  { duration: { lte: '1s' } },
                  { jsonPath: '$.a[?(@.x > 1)]' },
                ],
              },
            },
          ],
        },
      }),
    );
    expect(r.text).toContain('"status is 2xx": (r) => Math.floor(r.status / 100) === 2,');
    expect(r.text).toContain('"status is 200 or 201": (r) => [200,201].includes(r.status),');
    expect(r.text).toContain(
      '"header Content-Type contains \\"json\\"": (r) => ((h) => h !== undefined && h.includes("json"))(hdr(r, "Content-Type")),',
    );
    expect(r.text).toContain(
      '"$.items[*].id > 3": (r) => ((m) => m.length > 0 && ((x) => n0(x) > 3)(m[0]))(jp(r, [["name","items"],["all"],["name","id"]])),',
    );
    expect(r.text).toContain('"$..name is absent": (r) => jp(r, [["..name","name"]]).length === 0,');
    expect(r.text).toContain(
      '"body does not contain \\"error\\"": (r) => typeof r.body === \'string\' && !r.body.includes("error"),',
    );
    expect(r.text).toContain('"duration <= 1s": (r) => r.timings.duration <= 1000,');
    expect(r.text).toContain('// not exported: $.a[?(@.x > 1)] exists');
    expect(r.notes).toEqual([expect.objectContaining({ kind: 'not-exported', where: "request 'GET http://a.test/'" })]);
  });

  it('extracts like Loadsmith: defaults, regex groups, cookies; only with a response', () => {
    const text = one({
      url: '/a',
      extract: {
        id: { jsonPath: '$.id', default: 0 },
        csrf: { regex: 'name="c" value="([^"]+)"' },
        sid: { cookie: 'sid' },
      },
    });
    expect(text).toContain('setVar("id", res.status === 0 ? undefined : jp(res, [["name","id"]])[0], 0);');
    expect(text).toContain(
      'setVar("csrf", res.status === 0 ? undefined : ((m) => (m ? m[1] : undefined))(new RegExp("name=\\"c\\" value=\\"([^\\"]+)\\"").exec((res.body || \'\'))));',
    );
    expect(text).toContain(
      'setVar("sid", res.status === 0 ? undefined : ((c) => (c && c[0] ? c[0].value : undefined))(res.cookies["sid"]));',
    );
  });

  it('think times, groups, batches, variables and data files', () => {
    const text = exportK6(
      plan(
        {
          s: {
            executor: 'shared-iterations',
            steps: [
              { think: { min: '200ms', max: '500ms' } },
              {
                group: {
                  name: 'g',
                  steps: [
                    { batch: [{ request: { url: '/a', checks: [{ status: 200 }] } }, { request: { url: '/b' } }] },
                  ],
                },
              },
              { request: { method: 'POST', url: '/u', form: { user: '${data.users.name}', org: '${prefix}' } } },
            ],
          },
        },
        {
          defaults: { baseUrl: 'http://a.test' },
          variables: { prefix: 'Org ${vu}' },
          data: { users: { file: 'data/users.csv', mode: 'unique' } },
        },
      ),
    ).text;
    expect(text).toContain('sleep(0.2 + Math.random() * 0.3);');
    expect(text).toContain('group("g", () => {');
    expect(text).toContain('const responses = http.batch([');
    expect(text).toContain('check(responses[0], {');
    expect(text).toContain('vars["prefix"] = `Org ${exec.vu.idInTest}`;');
    expect(text).toContain('const data_users = new SharedArray("users", () => csv(open("data/users.csv")));');
    expect(text).toContain('row["users"] = data_users[exec.scenario.iterationInTest];');
    expect(text).toContain('form([["user", d("users", "name")], ["org", v("prefix")]])');
    expect(text).toContain("import { SharedArray } from 'k6/data';");
  });
});

describe('exportK6: expressions and flow control ', () => {
  it("writes comparisons, logic, len() and isSet() with the helpers that keep Loadsmith's meaning", () => {
    const text = one(
      { url: '/', headers: { 'X-A': '${iter >= 2 && vu != 1}', 'X-B': '${!isSet(token) || len(token) > 3}' } },
      { variables: { token: 'abcd' } },
    );
    expect(text).toContain('(ord(exec.vu.iterationInScenario, 2) >= 0)');
    expect(text).toContain('!eq(exec.vu.idInTest, 1)');
    expect(text).toContain('fn.isSet(vars["token"])');
    expect(text).toContain('function eq(a, b)');
    expect(text).toContain('function ord(a, b)');
  });

  it('writes flow control as plain JavaScript, with nothing reported (k6-flow-run.test.ts runs it)', () => {
    const steps = [
      { request: { url: 'http://a.test/' } },
      { repeat: { times: 2, steps: [{ request: { url: 'http://a.test/x' } }] } },
      {
        forEach: {
          in: 'list',
          steps: [
            {
              while: {
                condition: 'index < 2',
                max: 3,
                counter: 'k',
                steps: [{ request: { url: 'http://a.test/${item}' } }],
              },
            },
          ],
        },
      },
    ] as Step[];
    const r = exportK6(plan({ s: { executor: 'per-vu-iterations', steps } }, { variables: { list: '${json(1)}' } }));
    expect(r.notes).toEqual([]);
    expect(r.text).toContain('for (let pass = 0; pass < times; pass++) {');
    expect(r.text).toContain('const list = listOf(v("list"), "forEach at steps[2]");');
    // The inner loop has names of its own, and stops at its max, counted.
    expect(r.text).toContain('if (pass2 >= 3) { loopMax("while at steps[2].forEach.steps[0]", 3); break; }');
    expect(r.text).toContain("import { Counter } from 'k6/metrics';");
  });

  it('reads statuses only when the plan asks for them, and judges a watched request by its expected statuses', () => {
    const plain = one({ url: '/a' });
    expect(plain).not.toContain('noteStatus(');
    const watched = one({
      url: '/a',
      expectedStatuses: [200, { min: 400, max: 404 }],
      onFailure: 'endIteration',
      extract: { id: { jsonPath: '$.id' } },
    });
    expect(watched).toContain(
      'const why = failure(res, (st) => [200].includes(st) || (st >= 400 && st <= 404), checked, missed);',
    );
    expect(watched).toContain(
      'if (!setVar("id", res.status === 0 ? undefined : jp(res, [["name","id"]])[0])) missed.push("id");',
    );
    expect(watched).toContain('if (why !== undefined) endIteration("GET /a", why);');
  });

  it('stopVU under an arrival-rate executor ends the iteration (pooled VUs), as in Loadsmith; under iterations it is reported', () => {
    const steps = [{ request: { url: 'http://a.test/', onFailure: 'stopVU' } }] as Step[];
    const open = exportK6(
      plan({ s: { executor: 'constant-arrival-rate', rate: 1, duration: '1s', preAllocatedVUs: 1, steps } }),
    );
    expect(open.text).toContain('endIteration("GET http://a.test/", why)');
    expect(open.text).not.toContain('stopVU(');
    const closed = exportK6(plan({ s: { executor: 'constant-vus', vus: 1, duration: '1m30s', steps } }));
    expect(closed.text).toContain('if (stoppedIn["s"]) return idleUntil(90000);');
    expect(closed.notes).toEqual([]);
    const counted = exportK6(plan({ s: { executor: 'per-vu-iterations', steps } }));
    expect(counted.notes).toContainEqual(expect.objectContaining({ kind: 'approximated', where: 'scenarios.s' }));
  });
});

describe('exportK6: gRPC and WebSocket steps', () => {
  const grpc = { target: '127.0.0.1:1', plaintext: true, method: 'p.S/M', message: {} };
  it('setup hands on what its gRPC calls and sessions extract, as Loadsmith does; an awaiting setup is async', () => {
    const text = exportK6(
      plan({ s: { executor: 'per-vu-iterations', steps: [{ think: '1s' }] } }, {
        setup: {
          steps: [
            { grpc: { ...grpc, extract: { id: { jsonPath: '$.id' } } } },
            {
              websocket: {
                url: 'ws://127.0.0.1:1',
                actions: [{ receive: { extract: { hello: { jsonPath: '$.x' } } } }],
              },
            },
          ],
        },
      } as Partial<Plan>),
    ).text;
    expect(text).toContain('export async function setup() {');
    expect(text).toContain('return { "id": vars["id"], "hello": vars["hello"] };');
  });

  it("a gRPC or WebSocket stopVU stops the VU for its scenario, as a request's does", () => {
    for (const step of [
      { grpc: { ...grpc, onFailure: 'stopVU' } },
      { websocket: { url: 'ws://127.0.0.1:1', onFailure: 'stopVU', actions: [{ send: 'x' }] } },
    ]) {
      const text = exportK6(
        plan({ s: { executor: 'constant-vus', vus: 1, duration: '10s', steps: [step] as Step[] } }),
      ).text;
      expect(text).toContain('if (stoppedIn["s"]) return idleUntil(10000);');
      expect(text).toContain('stopVU("s", ');
    }
  });
});

describe('jsonPathSteps', () => {
  it('translates names, indexes, wildcards, descendants and slices; not filters or unions', () => {
    expect(jsonPathSteps("$.a['b c'][-1].*..d[1:3]")).toBe(
      '[["name","a"],["name","b c"],["index",-1],["all"],["..name","d"],["slice",1,3,null]]',
    );
    expect(jsonPathSteps('$')).toBe('[]');
    expect(jsonPathSteps('$.a[0,1]')).toBeUndefined();
    expect(jsonPathSteps('$.a[?(@.b)]')).toBeUndefined();
  });
});
