import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Plan, Request } from '../../plan/schema/index.ts';
import { expectNoSecrets, importedText } from '../testing.ts';
import { reportLines, reportSummary } from '../report.ts';
import { ConvertError } from '../types.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import { exportCurl } from './export.ts';
import { importCurl } from './import.ts';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../tests/fixtures/convert/curl/${name}`, import.meta.url), 'utf8');
const first = (plan: Plan): Request => {
  const step = Object.values(plan.scenarios)[0]?.steps[0];
  if (!step || !('request' in step)) throw new Error('no request step');
  return step.request;
};

describe('importCurl: browser copies', () => {
  it('reads Chrome "Copy as cURL (cmd)" exactly as the same request copied for bash', () => {
    const cmd = importCurl(fixture('chrome139-cmd.txt'));
    const bash = importCurl(fixture('chrome139-bash.sh'));
    expect(cmd.plan.scenarios).toEqual(bash.plan.scenarios);
    const r = first(cmd.plan);
    expect(cmd.plan.defaults?.baseUrl).toBe('${env.BASE_URL:-https://api.bilibili.com}');
    expect(r.url).toBe('/pgc/web/season/section');
    expect(r.query).toEqual({ season_id: '28747' });
    expect(r.headers?.['sec-ch-ua']).toBe('"Not;A=Brand";v="99", "Google Chrome";v="139", "Chromium";v="139"');
    expect(r.headers?.['sec-ch-ua-platform']).toBe('"Windows"');
    // -b cookies are a credential: an environment variable, never the value
    expect(r.headers?.Cookie).toBe('${env.COOKIE}');
    expect(cmd.notes.find((n) => n.kind === 'secret')?.message).toMatch(/header Cookie.*\$\{env\.COOKIE\}/);
    expect(JSON.stringify(cmd.plan)).not.toContain('buvid3');
  });

  it('reads a cmd JSON body with caret and backslash escapes, and -k', () => {
    const cmd = importCurl(fixture('login-cmd.txt'));
    expect(cmd.plan.scenarios).toEqual(importCurl(fixture('login-bash.sh')).plan.scenarios);
    const r = first(cmd.plan);
    expect(r.method).toBe('POST');
    expect(r.json).toEqual({ username: 'admin', password: '${env.PASSWORD}', note: '100% & more' });
    expect(r.headers).toEqual({ Accept: '*/*', 'tenant-id': '1' }); // content-type: application/json is implied by json
    expect(r.http).toEqual({ insecureTls: true });
  });

  it('keeps old Chrome headers, drops computed ones and reports --compressed', () => {
    const { plan, notes } = importCurl(fixture('chrome-old-browser-headers.sh'), { file: 'old.sh' });
    const r = first(plan);
    expect(r.method).toBe('POST');
    expect(Object.keys(r.headers ?? {})).toEqual([
      'Origin',
      'Accept-Encoding',
      'Accept-Language',
      'User-Agent',
      'Accept',
      'Referer',
      'Cookie',
    ]);
    expect(
      notes.some((n) => n.kind === 'not-imported' && n.where === 'old.sh: line 1' && /--compressed/.test(n.message)),
    ).toBe(true);
    expect(notes.some((n) => /Connection, Content-Length/.test(n.message))).toBe(true);
  });
});

describe('importCurl: no credential is written into the plan', () => {
  it('a Chromium form login with + and %21 in its fields is a form, and its password and CSRF token are variables', () => {
    const r = importCurl(fixture('chromium-form-login.sh'), { file: 'login.sh' });
    expect(first(r.plan).form).toEqual({
      csrfmiddlewaretoken: '${env.CSRFMIDDLEWARETOKEN}',
      username: 'admin',
      password: '${env.PASSWORD}',
      next: '/admin/',
      note: 'a b',
    });
    expect(r.env).toEqual(expect.arrayContaining(['PASSWORD', 'CSRFMIDDLEWARETOKEN', 'COOKIE']));
    expectNoSecrets(importedText(r, 'login.sh'), [
      'hunter2! sun',
      'hunter2',
      'k2JfQ8zW1xV4nB7mC0pL3sD6gH9jK5aR',
      'Xq3vT9bLmN2pR7sK4wY8zA1cD5eF6gH0',
    ]);
  });

  it('"Copy all as cURL": a cookie or token value is hidden wherever else it appears (a path, a text body, another header)', () => {
    const r = importCurl(fixture('chromium-copy-all.sh'), { file: 'all.sh' });
    const [me, search, exported] = Object.values(r.plan.scenarios)[0]!.steps.map((s) =>
      'request' in s ? s.request : undefined,
    );
    expect(me?.headers).toMatchObject({ Cookie: '${env.COOKIE}', 'x-csrftoken': '${env.X_CSRFTOKEN}' });
    expect(search?.url).toBe('/api/search?q=load+testing&key=created&page_token=2'); // `key=created` is no credential
    expect(exported?.url).toBe('/api/sessions/${env.COOKIE_SESSIONID}/export');
    expect(exported?.query).toEqual({ maps_key: '${env.MAPS_KEY}' }); // a key that looks like one is
    expect(exported?.text).toBe('{"note":"ticket for ${env.API_TOKEN}","format":"csv"}');
    expectNoSecrets(importedText(r, 'all.sh'), [
      'q8w7e6r5t4y3u2i1o0p9a8s7d6f5g4h3',
      'Zx9Cv8Bn7Mm6Ll5Kk4Jj3Hh2Gg1Ff0Dd',
      'AIzaSyD4f9Gq2Lx7Vb1Nc8Mz3Kp6Rt0Wy5Hj2Ue',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.dGhpcyBpcyBub3QgYSByZWFsIHNpZ25hdHVyZQ',
    ]);
  });

  it('a form field holding JSON (`payload={"password":...}`, as jQuery and Slack-style forms send) has its credential hidden', () => {
    const encoded = importCurl(
      `curl https://x.test/hook --data-raw 'payload=${encodeURIComponent('{"user":"ann","password":"s3cret-Pw9"}')}&kind=login'`,
      { file: 'hook.sh' },
    );
    expect(first(encoded.plan).form).toEqual({ payload: '{"user":"ann","password":"${env.PASSWORD}"}', kind: 'login' });
    const urlencode = importCurl(
      `curl https://x.test/hook --data-urlencode 'data={"auth":{"token":"tk-7Qz2Lm9Xv4"}}'`,
      { file: 'hook.sh' },
    );
    expect(first(urlencode.plan).form).toEqual({ data: '{"auth":{"token":"${env.TOKEN}"}}' });
    const json = importCurl(
      `curl https://x.test/rpc -H 'content-type: application/json' -d '{"params":"{\\"password\\":\\"pw-9Kx3\\"}"}'`,
      { file: 'rpc.sh' },
    );
    expect(first(json.plan).json).toEqual({ params: '{"password":"${env.PASSWORD}"}' });
    for (const r of [encoded, urlencode, json])
      expectNoSecrets(importedText(r, 'x.sh'), ['s3cret-Pw9', 'tk-7Qz2Lm9Xv4', 'pw-9Kx3']);
  });

  it('httpsnippet: cookies given with -H Cookie and --cookie are one Cookie header; a repeated option is one note', () => {
    const r = importCurl(fixture('httpsnippet.sh'), { file: 'snippet.sh' });
    expect(r.plan.defaults?.headers).toEqual({ 'accept-encoding': 'gzip, deflate', cookie: '${env.COOKIE}' });
    expect(r.notes.filter((n) => /--compressed/.test(n.message))).toEqual([
      {
        kind: 'not-imported',
        where: 'snippet.sh: lines 1, 9, 18',
        message: expect.stringMatching(/^curl option --compressed .*\(3 commands\)$/),
      },
    ]);
    expect(r.notes.filter((n) => n.kind === 'secret')).toHaveLength(1);
    expectNoSecrets(importedText(r, 'snippet.sh'), ['Jk8Lm2Nb4Vc6Xz0Qw1Er3Ty5Ui7Op9As']);
  });

  it('a client key passphrase (--cert file:pass, --pass) and a proxy password are never written, not even in a note', () => {
    const r = importCurl(
      'curl --cert client.pem:k3y-Passphrase --key client.key --proxy-user bob:pr0xy-Secret -x http://bob:pr0xy-Secret@proxy.test:3128 https://x.test/',
      { file: 'tls.sh' },
    );
    expect(first(r.plan).http?.tls).toEqual({
      certFile: 'client.pem',
      keyFile: 'client.key',
      passphrase: '${env.CERT_PASSPHRASE}',
    });
    expect(
      first(importCurl("curl --cert 'C:\\certs\\c.pem' --pass k3y-Passphrase https://x.test/").plan).http?.tls,
    ).toEqual({ certFile: 'C:\\certs\\c.pem', keyFile: 'C:\\certs\\c.pem', passphrase: '${env.CERT_PASSPHRASE}' });
    expect(r.notes.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        'curl option --proxy-user (a credential, not shown) (line 1): no plan equivalent',
        'curl option --proxy http://proxy.test:3128 (line 1): no plan equivalent',
      ]),
    );
    expectNoSecrets(importedText(r, 'tls.sh'), ['k3y-Passphrase', 'pr0xy-Secret']);
  });

  it('a text body that is a form, JSON or multipart without saying so has its credentials replaced in place', () => {
    const r = (cmd: string): Request => first(importCurl(cmd).plan);
    expect(r(`curl -H 'Content-Type: text/plain' -d '{"user":"ann","password":"pw1"}' https://x.test/`).text).toBe(
      '{"user":"ann","password":"${env.PASSWORD}"}',
    );
    expect(r(`curl -H 'Content-Type: text/plain' -d 'user=ann&password=p%21w' https://x.test/`).text).toBe(
      'user=ann&password=${env.PASSWORD}',
    );
    expect(r(`curl -F user=ann -F 'password=hunter22' https://x.test/`).text).toContain(
      'name="password"\r\n\r\n${env.PASSWORD}\r\n',
    );
  });
});

describe('importCurl: local files', () => {
  it('a body file is kept for the CLI and listed for the user to confirm before the app reads it', () => {
    const r = importCurl('curl --data-binary @/some/file https://x.test/up\ncurl -T report.csv https://x.test/put', {
      file: 'f.sh',
    });
    const [up, put] = Object.values(r.plan.scenarios)[0]!.steps.map((s) => ('request' in s ? s.request : undefined));
    expect([up?.file, put?.file]).toEqual(['/some/file', 'report.csv']);
    expect(r.notes.filter((n) => n.kind === 'confirm')).toEqual([
      {
        kind: 'confirm',
        where: 'f.sh: line 1',
        message:
          'body file /some/file: the app will not read it until you attach the file or grant its folder; the CLI reads it',
      },
      {
        kind: 'confirm',
        where: 'f.sh: line 2',
        message:
          'body file report.csv: the app will not read it until you attach the file or grant its folder; the CLI reads it relative to the plan file',
      },
    ]);
    expect(reportSummary(r.notes)).toBe('2 files to confirm');
    expect(reportLines(r.notes)[0]).toBe('local files the plan reads (confirm them) (2):');
  });

  it('certificate files are confirmed too', () => {
    const r = importCurl('curl --cert client.pem --key client.key --cacert /etc/ca.pem https://x.test/', {
      file: 'tls.sh',
    });
    expect(r.notes.filter((n) => n.kind === 'confirm').map((n) => n.message.split(':')[0])).toEqual([
      'client certificate client.pem',
      'client key client.key',
      'CA file /etc/ca.pem',
    ]);
  });
});

describe('importCurl: options', () => {
  it('-u user:password is basic auth with the password from the environment', () => {
    const r = first(importCurl(fixture('basic-auth-form.sh')).plan);
    expect(r.auth).toEqual({ type: 'basic', username: 'foo', password: '${env.PASSWORD}' });
    expect(r.form).toEqual({ grant_type: 'client_credentials' });
    expect(r.method).toBe('POST');
  });

  it('a shell variable stays an environment reference; a Bearer header becomes auth', () => {
    const { plan, env } = importCurl(fixture('env-var-bearer.sh'));
    const r = first(plan);
    expect(r.auth).toEqual({ type: 'bearer', token: '${env.DO_API_TOKEN}' });
    expect(env).toContain('DO_API_TOKEN');
    expect(r.method).toBeUndefined();
  });

  it('-F builds a multipart text body and reports the file part', () => {
    const { plan, notes } = importCurl(fixture('multipart.sh'));
    const r = first(plan);
    expect(r.headers?.['Content-Type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(r.text).toContain('name="attributes"\r\n\r\n{"name":"tigers.jpeg"');
    expect(notes.some((n) => n.kind === 'not-imported' && /file=@myfile\.jpg/.test(n.message))).toBe(true);
    expect(r.auth).toEqual({ type: 'bearer', token: '${env.API_TOKEN}' });
  });

  it('follows curl rules for -d, --data-urlencode, -G, --json, -I, -A, -e, -m and $VAR', () => {
    const r = (cmd: string): Request => first(importCurl(cmd).plan);
    expect(r('curl -d a=1 -d b=2 https://x.test/p').form).toEqual({ a: '1', b: '2' });
    expect(r("curl --data-urlencode 'q=a b&c' https://x.test/").form).toEqual({ q: 'a b&c' });
    const get = r('curl -G -d q=1 https://x.test/s');
    expect([get.method, get.query, get.form]).toEqual([undefined, { q: '1' }, undefined]);
    expect(r(`curl --json '{"a":1}' https://x.test/`)).toMatchObject({
      method: 'POST',
      json: { a: 1 },
      headers: { Accept: 'application/json' },
    });
    expect(r('curl -I https://x.test/').method).toBe('HEAD');
    expect(r("curl -A 'ua/1' -e https://ref.test/ https://x.test/").headers).toEqual({
      'User-Agent': 'ua/1',
      Referer: 'https://ref.test/',
    });
    expect(r('curl -m 2.5 https://x.test/').timeout).toBe('2.5s');
    expect(r('curl -XPUT "https://x.test/$ID?v=${VERSION:-2}"')).toMatchObject({
      method: 'PUT',
      url: '/${env.ID}',
      query: { v: '${env.VERSION:-2}' },
    });
    expect(r('curl --url https://x.test/a -d @body.json').file).toBe('body.json');
    expect(r("curl 'https://x.test/${literal}'").url).toBe('/$${literal}');
  });

  it('reads several commands, separated by lines, ; or &&', () => {
    const { plan } = importCurl('curl https://x.test/a\ncurl https://x.test/b && curl https://x.test/c');
    expect(Object.values(plan.scenarios)[0]?.steps).toHaveLength(3);
  });

  it('says where a command is broken', () => {
    expect(() => importCurl("curl -H 'a: b' \\\n  'https://x.test/")).toThrow(
      new ConvertError("line 2: unterminated ' quote in curl command: close it, or paste the whole command"),
    );
    expect(() => importCurl('curl ^"https://x.test/ ^\n  -H a')).toThrow(/line 1: unterminated quote/);
    expect(() => importCurl('wget https://x.test/')).toThrow(/line 1: expected a command starting with 'curl'/);
    expect(() => importCurl('curl -H')).toThrow(/--header needs a value/);
    expect(() => importCurl('curl -X PROPFIND https://x.test/')).toThrow(/method PROPFIND is not supported/);
  });
});

describe('exportCurl and round trips', () => {
  const fixtures = [
    'chrome139-bash.sh',
    'chrome139-cmd.txt',
    'login-bash.sh',
    'json-login.sh',
    'basic-auth-form.sh',
    'env-var-bearer.sh',
    'multipart.sh',
    'chrome-old-browser-headers.sh',
  ];

  it.each(fixtures)('curl -> plan -> curl (bash) -> plan is stable: %s', (name) => {
    const plan = importCurl(fixture(name)).plan;
    const again = importCurl(exportCurl(plan, { shell: 'bash' }).text).plan;
    expect(again.scenarios).toEqual(plan.scenarios);
    expect(again.defaults).toEqual(plan.defaults);
  });

  it.each(fixtures.filter((f) => f !== 'multipart.sh'))(
    'curl -> plan -> curl (cmd) -> plan keeps the requests: %s',
    (name) => {
      const plan = importCurl(fixture(name)).plan;
      expect(importCurl(exportCurl(plan, { shell: 'cmd' }).text).plan.scenarios).toEqual(plan.scenarios);
    },
  );

  it('keeps secrets as environment references unless values are given', () => {
    const plan = importCurl(fixture('env-var-bearer.sh')).plan;
    expect(exportCurl(plan).text).toContain(`-H 'Authorization: Bearer '"\${DO_API_TOKEN}"`);
    expect(exportCurl(plan, { shell: 'cmd' }).text).toContain('-H ^"Authorization: Bearer %DO_API_TOKEN%^"');
    const given = exportCurl(plan, { env: { DO_API_TOKEN: 't0k', BASE_URL: 'http://127.0.0.1:9' } }).text;
    expect(given).toContain("'Authorization: Bearer t0k'");
    expect(given).toContain("curl 'http://127.0.0.1:9/v2/images?type=distribution'");
  });

  it('reports what curl cannot compute', () => {
    const plan = importCurl("curl https://x.test/u -H 'X-Id: 1'").plan;
    const step = plan.scenarios.imported?.steps[0];
    if (!step || !('request' in step)) throw new Error('no request');
    step.request.headers = { 'X-Id': '${uuid()}' };
    step.request.checks = [{ status: 200 }];
    const r = exportCurl(plan);
    expect(r.text).toContain("-H 'X-Id: ${uuid()}'");
    expect(r.notes.map((n) => n.kind)).toEqual(['not-exported', 'not-exported']);
  });

  it('flattens flow control, setup and teardown: every request once, in order, each saying where it sits, each flow step reported', () => {
    const plan = validatePlanValue({
      version: 1,
      name: 'p',
      defaults: { baseUrl: 'http://127.0.0.1:9' },
      setup: { steps: [{ request: { name: 'Token', method: 'POST', url: '/token' } }] },
      teardown: { steps: [{ request: { name: 'Clean up', method: 'DELETE', url: '/data' } }] },
      scenarios: {
        s: {
          executor: 'per-vu-iterations',
          steps: [
            {
              if: {
                condition: 'iter > 0',
                then: [{ request: { name: 'Then', url: '/t' } }],
                else: [{ request: { name: 'Else', url: '/e' } }],
              },
            },
            {
              repeat: {
                times: 3,
                steps: [{ group: { name: 'g', steps: [{ request: { name: 'Again', url: '/r' } }] } }],
              },
            },
          ],
        },
      },
    }).plan;
    const r = exportCurl(plan);
    const comments = r.text.split('\n').filter((l) => l.startsWith('#'));
    expect(comments).toEqual([
      '# Token (setup)',
      '# Then in if at steps[0]',
      '# Else in if at steps[0] (else)',
      '# Again in repeat at steps[1]',
      '# Clean up (teardown)',
    ]);
    expect(r.notes.filter((n) => n.kind === 'approximated').map((n) => n.where)).toEqual([
      'scenario s: if at steps[0]',
      'scenario s: if at steps[0] (else)',
      'scenario s: repeat at steps[1]',
    ]);
    expect(exportCurl(plan, { request: 'Again' }).text).toContain('curl http://127.0.0.1:9/r');
  });
});
