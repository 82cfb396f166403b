/**
 * The JMeter importer on tests/fixtures/convert/jmeter/shop.jmx (saved as JMeter 5.6 saves, loaded by JMeter's own
 * SaveService: see SOURCES.md): each element imported as what it means, every secret of the file kept out of the
 * plan and the report, scripts reported and never run, and hostile XML refused.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Request, Step } from '../../plan/schema/index.ts';
import { detectFormat } from '../detect.ts';
import { importPlan } from '../index.ts';
import { expectNoSecrets, importedText } from '../testing.ts';
import { importJmeter } from './import.ts';

const FILE = 'shop.jmx';
const text = readFileSync(
  fileURLToPath(new URL(`../../../tests/fixtures/convert/jmeter/${FILE}`, import.meta.url)),
  'utf8',
);
const r = importJmeter(text, { file: FILE });
const scenario = r.plan.scenarios.Shoppers!;
const kinds = (steps: readonly Step[]): string[] => steps.map((s) => Object.keys(s)[0]!);
const stepOf = <K extends string>(key: K): Extract<Step, Record<K, unknown>> =>
  scenario.steps.find((s) => key in s) as Extract<Step, Record<K, unknown>>;
const requestIn = (steps: readonly Step[]): Request =>
  (steps.find((s) => 'request' in s) as { request: Request }).request;
const noteAt = (where: RegExp, kind?: string): string[] =>
  r.notes.filter((n) => where.test(n.where) && (kind === undefined || n.kind === kind)).map((n) => n.message);

describe('importJmeter: each element', () => {
  it('Thread Groups: scenario with its threads and loops; setUp and tearDown as setup and teardown; the error action as onFailure', () => {
    expect(scenario).toMatchObject({ executor: 'per-vu-iterations', vus: 2, iterations: 10 });
    expect(r.plan.setup?.steps).toEqual([
      {
        request: expect.objectContaining({
          name: 'Reset data',
          method: 'POST',
          url: '/admin/reset',
          checks: [{ status: 204 }],
        }),
      },
    ]);
    expect(r.plan.teardown?.steps).toEqual([
      { request: expect.objectContaining({ name: 'Report', url: '/admin/report' }) },
    ]);
    // "Start next thread loop" on a sampler error: every request of the thread group ends the iteration.
    expect(stepOf('repeat').repeat.steps.find((s) => 'request' in s)).toMatchObject({
      request: { onFailure: 'endIteration' },
    });
    expect(kinds(scenario.steps)).toEqual(['once', 'request', 'forEach', 'if', 'randomSwitch', 'repeat', 'group']);
  });

  it("HTTP Request Defaults and Header Manager: base URL from the server property's default, shared headers as defaults", () => {
    expect(r.plan.defaults).toMatchObject({
      baseUrl: '${env.BASE_URL:-http://127.0.0.1:8080}',
      headers: { Accept: 'application/json', 'User-Agent': 'Loadsmith-JMeter-Import-Test' },
    });
    expect(r.env).toContain('BASE_URL');
  });

  it('HTTP samplers: a raw JSON body, query parameters, a header manager of their own', () => {
    const login = requestIn(stepOf('once').once.steps);
    expect(login).toMatchObject({
      name: 'Log in',
      method: 'POST',
      url: '/login',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(login.text).toBe('{"user":"${user}","password":"${password}"}');
    const products = scenario.steps.find((s): s is { request: Request } => 'request' in s)!.request;
    expect(products).toMatchObject({
      name: 'List products',
      url: '/products',
      query: { plan: '${data.users.plan}', user: '${data.users.email}' },
    });
    // Variables conditions read before anything sets them start empty (JMeter compares their unset text).
    expect(r.plan.variables).toEqual({
      user: 'ann',
      password: expect.stringMatching(/^\$\{env\.\w+\}$/),
      token: '',
      state: '',
    });
  });

  it('Cookie Manager: cookies kept for the VU; CSV Data Set: a data feeder whose file is a confirm note', () => {
    expect(r.plan.defaults?.http?.cookies).toBe('vu');
    expect(r.plan.data).toEqual({ users: { file: 'users.csv', format: 'csv', mode: 'sequential' } });
    expect(noteAt(/users\.csv$/, 'confirm')).toEqual([expect.stringContaining('data file users.csv')]);
  });

  it('Authorization Manager: basic auth on the requests in its scope only, the password in the environment', () => {
    const stats = requestIn(stepOf('group').group.steps);
    expect(stepOf('group').group.name).toBe('Admin');
    expect(stats.auth).toEqual({
      type: 'basic',
      username: 'admin',
      password: expect.stringMatching(/^\$\{env\.PASSWORD\w*\}$/),
    });
    expect(requestIn(stepOf('if').if.then).auth).toEqual({ type: 'bearer', token: '${token}' });
  });

  it('extractors: JSON (first match with a default; every match as a list), Regular Expression, Boundary', () => {
    expect(requestIn(stepOf('once').once.steps).extract).toEqual({
      token: { jsonPath: '$.token', default: 'NOT_FOUND' },
    });
    expect(scenario.steps.find((s): s is { request: Request } => 'request' in s)!.request.extract).toEqual({
      skus: { jsonPath: '$.items[*].sku', all: true },
    });
    const checkout = stepOf('randomSwitch').randomSwitch[0]!.steps[0] as { group: { name: string; steps: Step[] } };
    expect(requestIn(checkout.group.steps).extract).toEqual({
      orderId: { regex: '"id":"([^"]+)"', group: 1, default: 'none' },
      state: { boundary: { left: '"state":"', right: '"' }, default: 'unknown' },
    });
    const poll = checkout.group.steps.find((s) => 'while' in s) as { while: { steps: Step[] } };
    expect(requestIn(poll.while.steps).extract).toEqual({
      state: { boundary: { left: '"state":"', right: '"' }, default: 'unknown' },
    });
  });

  it('assertions: response code, response text, duration -> checks', () => {
    expect(requestIn(stepOf('once').once.steps).checks).toEqual([{ status: 200 }]);
    expect(scenario.steps.find((s): s is { request: Request } => 'request' in s)!.request.checks).toEqual([
      { duration: { lte: '2000ms' } },
      { body: { contains: '"items"' } },
    ]);
  });

  it('timers: a constant timer and a uniform random timer as think times before their samplers', () => {
    expect(stepOf('forEach').forEach.steps[0]).toEqual({ think: '5ms' });
    expect(stepOf('repeat').repeat.steps[0]).toEqual({ think: { min: '1ms', max: '5ms' } });
  });

  it('controllers: Once Only, ForEach, If (a jexl3 condition translated), Throughput (30 %), Transaction, While, Loop', () => {
    expect(stepOf('forEach').forEach).toMatchObject({ in: 'skus', as: 'sku' });
    expect(stepOf('if').if.condition).toBe('token != "NOT_FOUND"');
    const [buy, rest] = stepOf('randomSwitch').randomSwitch;
    expect([buy?.weight, rest?.weight, rest?.steps]).toEqual([30, 70, []]);
    const checkout = buy!.steps[0] as { group: { name: string; steps: Step[] } };
    expect(checkout.group.name).toBe('Checkout');
    expect(checkout.group.steps.find((s) => 'while' in s)).toMatchObject({
      while: { condition: 'state != "shipped"', max: 1000 },
    });
    expect(stepOf('repeat').repeat.times).toBe(2);
  });

  it('scripts and what a plan cannot express are reported by name and location, never run; listeners and disabled elements said', () => {
    expect(noteAt(/Checkout › sign request$/, 'not-imported')).toEqual([
      'JSR223PreProcessor: a script, never run by Loadsmith',
    ]);
    expect(noteAt(/Shoppers › compute discount$/, 'not-imported')).toEqual([
      'BeanShellSampler: a script, never run by Loadsmith',
    ]);
    expect(noteAt(/Cart › bearer$/, 'not-imported')).toEqual([expect.stringContaining('${__groovy(...)}')]);
    expect(JSON.stringify(r.plan)).not.toMatch(/groovy|currentTimeMillis|discount/);
    expect(noteAt(/View Results Tree$/, 'info')).toHaveLength(1);
    expect(noteAt(/Old page$/, 'info')).toEqual(['disabled in JMeter: not imported']);
  });

  it('no secret of the file is in the plan or the report', () => {
    expectNoSecrets(importedText(r, FILE), ['hunter2-Pa55word', 'S3cr3t-Adm1n!', 'ak_live_9f8e7d6c5b4a3210fedcba98']);
  });
});

describe('importJmeter: the file itself', () => {
  it('is detected by its root element, and by .jmx', () => {
    expect(detectFormat(text, 'x.txt')).toBe('jmeter');
    expect(detectFormat('<?xml version="1.0"?>\n<other/>', 'plan.jmx')).toBe('jmeter');
    expect(importPlan(text, undefined, { file: FILE }).format).toBe('jmeter');
  });

  it('refuses a DOCTYPE (entities, external fetches) before parsing, with the line', () => {
    const evil =
      '<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<jmeterTestPlan><hashTree/></jmeterTestPlan>';
    expect(() => importJmeter(evil, { file: 'evil.jmx' })).toThrow(/^evil\.jmx:2: a DOCTYPE or entity definition/);
  });

  it('refuses elements nested too deep, and says where XML is broken', () => {
    const deep = `<jmeterTestPlan><hashTree><TestPlan testname="p"/><hashTree>${'<GenericController/><hashTree>'.repeat(250)}${'</hashTree>'.repeat(250)}</hashTree></hashTree></jmeterTestPlan>`;
    expect(() => importJmeter(deep, { file: 'deep.jmx' })).toThrow(/nested more than 200 levels deep/);
    expect(() => importJmeter('<jmeterTestPlan>\n<hashTree>\n</jmeterTestPlan>', { file: 'bad.jmx' })).toThrow(
      /^bad\.jmx:3:\d+: not valid XML/,
    );
    expect(() => importJmeter('<jmeterTestPlan><hashTree/></jmeterTestPlan>', { file: 'empty.jmx' })).toThrow(
      /no TestPlan element/,
    );
  });
});

describe('importJmeter: the other controllers, assertions, functions and executors (controllers.jmx)', () => {
  const c = importJmeter(
    readFileSync(
      fileURLToPath(new URL('../../../tests/fixtures/convert/jmeter/controllers.jmx', import.meta.url)),
      'utf8',
    ),
    { file: 'controllers.jmx' },
  );
  const steps = c.plan.scenarios.Browsers!.steps;
  const at = (i: number): Step => steps[i]!;
  const notes = (kind: string): string[] =>
    c.notes.filter((n) => n.kind === kind).map((n) => `${n.where}: ${n.message}`);

  it('Thread Groups: a scheduled one with a ramp-up is ramping-vus with its start delay; "infinite" is 10 minutes, reported', () => {
    expect(c.plan.scenarios.Browsers).toMatchObject({
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '10s', target: 5 },
        { duration: '50s', target: 5 },
      ],
      startTime: '5s',
    });
    expect(c.plan.scenarios.Forever).toMatchObject({ executor: 'constant-vus', vus: 3, duration: '10m' });
    expect(notes('approximated')).toContainEqual(expect.stringMatching(/^Catalog › Forever: loops forever/));
    // Stop thread on a sampler error: stopVU.
    expect(at(1)).toMatchObject({ request: { name: 'Search', onFailure: 'stopVU' } });
  });

  it('functions with an equivalent are translated; the rest reported and left out', () => {
    expect(at(1)).toMatchObject({
      request: {
        query: {
          q: "${randomString(8, 'abc')}",
          id: '${uuid()}',
          t: '${now()}',
          n: '${randomInt(1, 9)}',
          vu: '${vu}',
          c: '',
        },
      },
    });
    expect(notes('not-imported')).toContainEqual(expect.stringContaining('Search: JMeter function ${__counter(...)}'));
  });

  it('Response Assertions: regex match, NOT substring, a header, codes OR-ed; the message field reported; a Gaussian timer as a range', () => {
    expect((at(1) as { request: Request }).request.checks).toEqual([
      { body: { matches: '^(?:\\{.*\\})$' } },
      { body: { notContains: 'error' } },
      { header: 'Content-Type', contains: 'json' },
      { status: [200, 204] },
    ]);
    expect(notes('not-imported')).toContainEqual(
      expect.stringContaining('Search › message: Response Assertion: response_message'),
    );
    expect(at(0)).toEqual({ think: { min: '80ms', max: '120ms' } });
  });

  it('Interleave, Random, Throughput (total executions), While LAST, an untranslatable If, an endless Loop', () => {
    expect(Object.keys(at(2))).toEqual(['roundRobinSwitch']);
    expect((at(3) as { randomSwitch: { weight: number }[] }).randomSwitch.map((x) => x.weight)).toEqual([1, 1]);
    expect(at(4)).toMatchObject({ if: { condition: 'iter < 2' } });
    expect(at(5)).toMatchObject({ while: { condition: 'status() >= 200 && status() < 400', max: 1000 } });
    expect(at(6)).toMatchObject({ if: { condition: 'false', then: [{ request: { name: 'Welcome' } }] } });
    expect(notes('not-imported')).toContainEqual(
      expect.stringMatching(/only new users: condition \$\{__groovy.*never|only new users: condition .*reads visits/),
    );
    expect(at(7)).toMatchObject({ repeat: { times: 1000 } });
  });

  it('a multipart form keeps its text fields and reports its file; a lone file is the body, to confirm; redirects off', () => {
    const upload = (at(8) as { request: Request }).request;
    expect(upload.headers?.['Content-Type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.text).toContain('name="title"\r\n\r\nreport');
    expect(notes('not-imported')).toContainEqual(
      expect.stringContaining("Upload: file report.pdf as form field 'doc'"),
    );
    expect(at(9)).toMatchObject({
      request: { method: 'PUT', file: { path: 'img/logo.png', contentType: 'image/png' }, maxRedirects: 0 },
    });
    expect(notes('confirm')).toEqual([
      expect.stringContaining('data file data/products.csv'),
      expect.stringContaining('body file img/logo.png'),
    ]);
  });

  it('a CSV shared by all threads: each row once, stopping at the end; its header-less columns reported; no Cookie Manager: cookies off', () => {
    expect(c.plan.data).toEqual({
      products: { file: 'data/products.csv', format: 'csv', mode: 'unique', onExhausted: 'stop', delimiter: ';' },
    });
    expect(notes('approximated')).toContainEqual(
      expect.stringContaining('the column names are the first line of data/products.csv'),
    );
    expect(c.plan.defaults?.http?.cookies).toBe('off');
    expect(notes('not-imported')).toEqual(
      expect.arrayContaining([
        expect.stringContaining('reuse login: ModuleController'),
        expect.stringContaining('compute: JSR223Sampler: a script'),
      ]),
    );
  });
});
