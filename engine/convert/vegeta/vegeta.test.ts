import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Request, Scenario } from '../../plan/schema/index.ts';
import { importVegeta } from './import.ts';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../tests/fixtures/convert/vegeta/${name}`, import.meta.url), 'utf8');
const request = (sc: Scenario | undefined): Request | undefined => {
  const step = sc?.steps[0];
  return step && 'request' in step ? step.request : undefined;
};

describe('importVegeta: http format (vegeta README examples)', () => {
  const { plan, notes, env } = importVegeta(fixture('readme-targets.txt'), {
    file: 'targets.txt',
    rate: 60,
    duration: '10s',
  });
  const scenarios = Object.entries(plan.scenarios);

  it('each target is a constant-arrival-rate scenario at rate / N (vegeta round-robins at one rate)', () => {
    expect(scenarios.map(([n]) => n)).toEqual([
      '1-get-dragon',
      '2-get-to',
      '3-delete-remove',
      '4-post-things',
      '5-patch-71988591',
      '6-head-success',
    ]);
    for (const [, sc] of scenarios)
      expect(sc).toMatchObject({ executor: 'constant-arrival-rate', rate: 10, timeUnit: '1s', duration: '10s' });
  });

  it('headers, @body files, URL credentials and secrets', () => {
    expect(request(plan.scenarios['1-get-dragon'])).toEqual({
      url: '/path/to/dragon',
      query: { item: 'ball' },
      headers: { 'X-Account-ID': '99' },
    });
    expect(request(plan.scenarios['2-get-to'])?.auth).toEqual({
      type: 'basic',
      username: 'user',
      password: '${env.PASSWORD}',
    });
    expect(request(plan.scenarios['3-delete-remove'])).toMatchObject({
      method: 'DELETE',
      headers: { 'Confirmation-Token': '${env.CONFIRMATION_TOKEN}' },
      auth: { type: 'bearer', scheme: 'Token', token: '${env.API_TOKEN}' },
    });
    expect(request(plan.scenarios['4-post-things'])).toMatchObject({
      method: 'POST',
      file: '/path/to/newthing.json',
      headers: { 'X-Account-ID': '99' },
    });
    expect(request(plan.scenarios['6-head-success'])).toEqual({ method: 'HEAD', url: '/path/to/success' });
    expect(env).toEqual(['BASE_URL', 'PASSWORD', 'CONFIRMATION_TOKEN', 'API_TOKEN']);
    expect(JSON.stringify(plan)).not.toMatch(/DEADBEEF|90215|"password":"password"|user:password/);
    expect(notes.filter((n) => n.kind === 'confirm' && /^body file /.test(n.message)).map((n) => n.where)).toEqual([
      'targets.txt: line 13',
      'targets.txt: line 17',
    ]); // the targets' lines
  });
});

describe('importVegeta: other inputs', () => {
  it("the blog's targets: three GETs at 50/3 per second each, vegeta's default rate", () => {
    const { plan, notes } = importVegeta(fixture('blog-targets.txt'));
    expect(Object.values(plan.scenarios).map((s) => (s.executor === 'constant-arrival-rate' ? s.rate : 0))).toEqual([
      16.667, 16.667, 16.667,
    ]);
    expect(notes.some((n) => /no duration given/.test(n.message))).toBe(true);
  });

  it('a Host header that differs from the URL is kept (testing a virtual host behind a load balancer)', () => {
    const { plan } = importVegeta(fixture('elb-host.txt'));
    expect(request(Object.values(plan.scenarios)[0])?.headers).toEqual({ Host: 'myrealdomain.com' });
  });

  it('json format: header lists and base64 bodies', () => {
    const { plan } = importVegeta(fixture('targets.json'));
    expect(request(plan.scenarios['1-post-punch'])).toEqual({
      method: 'POST',
      url: '/punch',
      headers: { 'Content-Type': 'text/plain' },
      text: 'Punch!',
    });
    expect(request(plan.scenarios['2-get-status'])?.headers).toEqual({ Accept: 'application/json' });
  });

  it('says which line is wrong', () => {
    expect(() => importVegeta('GET http://a.test/\nnot a header', { file: 't.txt' })).toThrow(
      "t.txt: line 2: 'not a header' is neither a header (Name: value) nor a body file (@path)",
    );
    expect(() => importVegeta('X-Id: 1\nGET http://a.test/', { file: 't.txt' })).toThrow(
      /t\.txt: line 1: expected a target line/,
    );
    expect(() => importVegeta('GET /relative', { file: 't.txt' })).toThrow(
      /line 1: 'GET \/relative': the URL must start with http/,
    );
    expect(() => importVegeta('{"method":"GET","url":"ftp://x"}', { file: 't.json' })).toThrow(
      /t\.json: line 1: url: must start with http/,
    );
  });
});
