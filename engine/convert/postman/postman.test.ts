import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Plan, Request, Step } from '../../plan/schema/index.ts';
import { expectNoSecrets, importedText } from '../testing.ts';
import { importPostman } from './import.ts';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../tests/fixtures/convert/postman/${name}`, import.meta.url), 'utf8');
const steps = (plan: Plan): Step[] => Object.values(plan.scenarios)[0]?.steps ?? [];
const requests = (list: Step[]): Request[] =>
  list.flatMap((s) => ('request' in s ? [s.request] : 'group' in s ? requests(s.group.steps) : []));
const byName = (plan: Plan, name: string): Request | undefined => requests(steps(plan)).find((r) => r.name === name);

describe("importPostman: newman's inherited-entities collection and environment", () => {
  const result = importPostman(fixture('inherited-entities.postman_collection.json'), {
    file: 'c.json',
    environment: fixture('inherited-entities.postman_environment.json'),
    environmentFile: 'e.json',
  });
  const { plan, notes } = result;

  it('folders become groups, in order', () => {
    expect(
      steps(plan).map((s) =>
        'group' in s ? `group ${s.group.name}` : `request ${'request' in s ? s.request.name : ''}`,
      ),
    ).toEqual([
      'group Collection level stuff',
      'group Folder level stuff',
      'group Request level stuff',
      'request Auth override',
      'request Environment override',
    ]);
  });

  it('resolves auth through collection, folder and request; noauth is none; digest is reported', () => {
    const basic = { type: 'basic', username: 'postman', password: '${env.PASSWORD}' };
    expect(byName(plan, 'Auth')?.auth).toEqual(basic);
    expect(byName(plan, 'Environment override')?.auth).toEqual(basic);
    expect(byName(plan, 'Auth override')?.auth).toBeUndefined(); // no auth in defaults to switch off
    expect(byName(plan, 'Auth (2)')?.auth).toBeUndefined(); // folder digest: not expressible
    expect(notes.filter((n) => /digest auth/.test(n.message)).map((n) => n.where)).toEqual([
      'c.json: Folder level stuff (auth)',
      'c.json: Request level stuff › Auth (auth)',
    ]);
    expect(JSON.stringify(plan)).not.toContain('"password":"password"');
  });

  it('collection variables become plan variables; the environment overrides them and can be overridden per run', () => {
    expect(plan.variables).toMatchObject({
      collection_var: 'collection level variable',
      duplicate_var: '${env.DUPLICATE_VAR:-correct}',
      env_var: '${env.ENV_VAR:-environment value}',
      collectionScriptURL: '${env.COLLECTION_SCRIPT_URL}',
    });
    expect(byName(plan, 'Variables')?.url).toBe('${collectionVariablesURL}');
    expect(
      notes.some(
        (n) => n.kind === 'not-imported' && /\{\{collectionScriptURL\}\} is used but defined neither/.test(n.message),
      ),
    ).toBe(true);
  });

  it('reports every script, never runs it, and turns status assertions into checks', () => {
    expect(notes.filter((n) => /pre-request script/.test(n.message)).map((n) => n.where)).toEqual([
      'c.json: collection',
      'c.json: Folder level stuff',
    ]);
    expect(byName(plan, 'Auth')?.checks).toEqual([{ status: 200 }]);
    expect(byName(plan, 'Auth override')?.checks).toEqual([{ status: 401 }]);
    expect(notes.filter((n) => /test script/.test(n.message))).toHaveLength(7);
  });
});

describe("importPostman: postman-code-generators' basic v2.1 collection", () => {
  const { plan, notes } = importPostman(fixture('basic.postman_collection.json'), { file: 'basic.json' });

  it('maps body modes: raw JSON, raw text, urlencoded, graphql', () => {
    expect(byName(plan, 'POST json with raw')).toMatchObject({ method: 'POST', json: { json: 'Test-Test' } });
    expect(byName(plan, 'POST text/xml with raw')).toMatchObject({
      headers: { 'Content-Type': 'text/xml' },
      text: '<xml>\n\tTest Test\n</xml>',
    });
    expect(byName(plan, 'POST urlencoded data')?.form).toMatchObject({
      1: "'a'",
      "'3'": 'c',
      Special: '!@#$%*()^_=`&~              ',
    });
    expect(byName(plan, 'POST graphql body(json) with raw')?.json).toEqual({
      query: '{\n    body{\n        graphql\n    }\n}',
      variables: { variable_key: 'variable_value' },
    });
    expect(byName(plan, 'POST javascript with raw')?.text).toBe(
      "var val = 6;\nconsole.log(val);console.log('$text');\n",
    );
  });

  it('leaves out disabled headers and query parameters, and says so', () => {
    expect(byName(plan, 'Request Headers with disabled headers')?.headers).toEqual({
      'my-sample-header': 'Lorem ipsum dolor sit amet',
      'not-disabled-header': 'ENABLED',
    });
    expect(byName(plan, 'GET Request with disabled query')?.query).toEqual({ test: '123', anotherone: '232' });
    expect(notes.filter((n) => n.kind === 'info' && /disabled/.test(n.message)).map((n) => n.where)).toEqual([
      'basic.json: Request Headers with disabled headers',
      'basic.json: GET Request with disabled query',
    ]);
  });

  it('uses the main host as the base URL and keeps other hosts absolute', () => {
    expect(plan.defaults?.baseUrl).toBe('${env.BASE_URL:-https://postman-echo.com}');
    expect(byName(plan, 'DELETE Request')?.url).toBe('https://mockbin.org/request');
  });
});

describe('importPostman: credentials', () => {
  it('passwords in a urlencoded body, in raw JSON and in a variable the JSON uses are never written', () => {
    const r = importPostman(fixture('login.postman_collection.json'), { file: 'login.json' });
    expect(byName(r.plan, 'Log in (form)')?.form).toEqual({
      username: 'ann',
      password: '${env.PASSWORD}',
      remember: 'on',
    });
    expect(byName(r.plan, 'Get a token (JSON)')?.json).toEqual({
      username: 'ann',
      password: '${passphrase}',
      otp_secret: '${env.OTP_SECRET}',
    });
    expect(r.plan.variables).toEqual({ tenant: 'acme', passphrase: '${env.PASSPHRASE}' });
    expect(byName(r.plan, 'Contacts')?.url).toBe('/api/contacts/?search=${env.PASSPHRASE}'); // the same value elsewhere
    expectNoSecrets(importedText(r, 'login.json'), ['Tr0ub4dor&3', 'correct horse battery staple', 'JBSWY3DPEHPK3PXP']);
  });

  const pmCollection = (item: unknown[], extra: Record<string, unknown> = {}): string =>
    JSON.stringify({
      info: { name: 'c', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item,
      ...extra,
    });

  it('a variable hidden for its name is hidden wherever else its value is written (a URL path)', () => {
    const r = importPostman(
      pmCollection(
        [
          {
            name: 'Revoke',
            request: {
              method: 'POST',
              url: 'https://api.test/tokens/tk-4Rz8Qw2Lp7/revoke',
              header: [{ key: 'Authorization', value: 'Bearer {{apiToken}}' }],
            },
          },
        ],
        { variable: [{ key: 'apiToken', value: 'tk-4Rz8Qw2Lp7' }] },
      ),
      { file: 'c.json' },
    );
    expect(byName(r.plan, 'Revoke')?.url).toBe('/tokens/${env.API_TOKEN}/revoke');
    expectNoSecrets(importedText(r, 'c.json'), ['tk-4Rz8Qw2Lp7']);
  });

  it('variables a credential header reads inside a larger value (a cookie, Basic, a prefix) move to the environment', () => {
    const basic = Buffer.from('ann:s3cret-Pw9').toString('base64');
    const r = importPostman(
      pmCollection(
        [
          {
            name: 'Me',
            request: {
              method: 'GET',
              url: 'https://api.test/me',
              header: [
                { key: 'Cookie', value: 'sid={{sid}}; theme=dark' },
                { key: 'Authorization', value: 'Basic {{creds}}' },
                { key: 'X-Api-Key', value: 'live_{{key}}' },
              ],
            },
          },
        ],
        {
          variable: [
            { key: 'sid', value: 'sess-8Hq2Lw9Xv4' },
            { key: 'creds', value: basic },
            { key: 'key', value: 'k-1Mz8Kc3Rt6' },
          ],
        },
      ),
      { file: 'c.json' },
    );
    expect(r.plan.variables).toEqual({ sid: '${env.SID}', creds: '${env.CREDS}', key: '${env.KEY}' });
    expectNoSecrets(importedText(r, 'c.json'), ['sess-8Hq2Lw9Xv4', basic, 'k-1Mz8Kc3Rt6']);
  });

  it('a Postman environment value a credential reads loses its default: ${env.JWT_VALUE}, not ${env.JWT_VALUE:-the token}', () => {
    const environment = JSON.stringify({
      name: 'staging',
      values: [{ key: 'jwtValue', value: 'tk-9Pq3Ws5Ed7', enabled: true }],
    });
    const r = importPostman(
      pmCollection([
        {
          name: 'Me',
          request: {
            method: 'GET',
            url: 'https://api.test/me',
            auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{jwtValue}}' }] },
          },
        },
      ]),
      { file: 'c.json', environment, environmentFile: 'staging.json' },
    );
    expect(r.plan.variables).toEqual({ jwtValue: '${env.JWT_VALUE}' });
    expectNoSecrets(importedText(r, 'c.json'), ['tk-9Pq3Ws5Ed7']);
  });

  it('a script is named in the report by its first line without its strings: a token it sets is not written', () => {
    const r = importPostman(
      pmCollection([
        {
          name: 'Me',
          request: { method: 'GET', url: 'https://api.test/me' },
          event: [
            { listen: 'prerequest', script: { exec: ['pm.environment.set("token", "tk-2Vb6Nm0Qa8");'] } },
            {
              listen: 'test',
              script: { exec: ["pm.request.headers.add({key: 'Authorization', value: 'Bearer tk-3Xc7Zl1Ws9'});"] },
            },
          ],
        },
      ]),
      { file: 'c.json' },
    );
    expect(r.notes.map((n) => n.message)).toEqual(
      expect.arrayContaining([expect.stringContaining(`starting 'pm.environment.set("…", "…");'`)]),
    );
    expectNoSecrets(importedText(r, 'c.json'), ['tk-2Vb6Nm0Qa8', 'tk-3Xc7Zl1Ws9']);
  });
});

describe('importPostman: recognised scripts, dynamic variables, errors', () => {
  const collection = (item: unknown[], extra: Record<string, unknown> = {}): string =>
    JSON.stringify({
      info: { name: 'c', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item,
      ...extra,
    });

  it('saves values a test script stores from the JSON response as extractions', () => {
    const text = collection(
      [
        {
          name: 'Login',
          event: [
            {
              listen: 'test',
              script: {
                exec: [
                  'var jsonData = pm.response.json();',
                  'pm.environment.set("token", jsonData.data.access_token);',
                  'pm.response.to.have.status(200);',
                ],
              },
            },
          ],
          request: {
            method: 'POST',
            url: '{{baseUrl}}/login',
            body: { mode: 'raw', raw: '{"user":"{{user}}","id":"{{$guid}}"}', options: { raw: { language: 'json' } } },
          },
        },
        {
          name: 'Me',
          request: {
            method: 'GET',
            url: '{{baseUrl}}/me',
            auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{token}}' }] },
          },
        },
      ],
      {
        variable: [
          { key: 'baseUrl', value: 'https://api.test' },
          { key: 'user', value: 'ann' },
        ],
      },
    );
    const { plan } = importPostman(text);
    expect(plan.defaults?.baseUrl).toBe('${baseUrl}');
    expect(byName(plan, 'Login')).toMatchObject({
      url: '/login',
      json: { user: '${user}', id: '${uuid()}' },
      extract: { token: { jsonPath: '$.data.access_token' } },
      checks: [{ status: 200 }],
    });
    expect(byName(plan, 'Me')?.auth).toEqual({ type: 'bearer', token: '${token}' });
    expect(plan.variables).toEqual({ baseUrl: 'https://api.test', user: 'ann' });
  });

  it('a file body is kept and listed for the user to confirm', () => {
    const { plan, notes } = importPostman(
      collection([
        {
          name: 'Upload',
          request: {
            method: 'POST',
            url: 'https://a.test/up',
            body: { mode: 'file', file: { src: '/home/ann/report.pdf' } },
          },
        },
      ]),
      { file: 'c.json' },
    );
    expect(byName(plan, 'Upload')?.file).toBe('/home/ann/report.pdf');
    expect(notes).toContainEqual({
      kind: 'confirm',
      where: 'c.json: Upload',
      message:
        'body file /home/ann/report.pdf: the app will not read it until you attach the file or grant its folder; the CLI reads it',
    });
  });

  it('says what is wrong with a file that is not a collection', () => {
    expect(() => importPostman('{"info": {}}', { file: 'x.json' })).toThrow(
      /x\.json: not a valid Postman collection \(v2\.0 or v2\.1\):\n {2}line 1, column 1: item: /,
    );
  });
});
