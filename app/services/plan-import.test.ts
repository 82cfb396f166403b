/**
 * plans.previewImport and plans.import through the dispatcher: every converter fixture gives a valid stored plan
 * and its report; secrets become variables (and an environment when asked); bad input is a located error and
 * stores nothing; plan files import as before.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { recordingToHar } from '../../engine/convert/recording/index.ts';
import { CSRF, shopRecording } from '../../engine/convert/recording/testing.ts';
import type { Plan } from '../../engine/plan/index.ts';
import { openTestServices, type TestServices } from './testing.ts';

const FIXTURES = fileURLToPath(new URL('../../tests/fixtures/convert/', import.meta.url));
const fixture = (path: string): string => readFileSync(join(FIXTURES, path), 'utf8');
const ALL = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(FIXTURES, d.name))
      .filter((f) => !f.includes('environment'))
      .map((f) => [d.name, f] as const),
  );

let t: TestServices;
beforeEach(async () => {
  t = await openTestServices('import');
});
afterEach(async () => {
  await t.close();
});

const nothingStored = async (): Promise<void> => {
  expect(await t.call('plans.list', {})).toEqual([]);
  expect(await t.call('environments.list', {})).toEqual([]);
};

describe('plans.import of every format', () => {
  it.each(ALL)('%s/%s: detected, previewed, stored as a valid plan with the report', async (dir, file) => {
    const text = fixture(`${dir}/${file}`);
    const preview = await t.call('plans.previewImport', { text, fileName: file });
    expect(preview).toMatchObject({ format: dir, detected: true, issues: [] });
    expect(preview.requests.length).toBeGreaterThan(0);
    expect(await t.call('plans.list', {})).toEqual([]); // a preview stores nothing

    const record = await t.call('plans.import', { text, fileName: file });
    expect(record).toMatchObject({
      valid: true,
      issues: [],
      name: preview.planName,
      requests: preview.requests.length,
    });
    expect(record.report).toEqual({
      format: dir,
      notes: preview.notes,
      variables: preview.variables,
      environment: null,
    });
    expect(record.report.variables.map((v) => v.name)).toContain('BASE_URL');
    expect((await t.call('plans.get', { id: record.id })).document).toEqual(record.document);
    // The report speaks the app's language, not the CLI's.
    for (const n of record.report.notes) expect(n.message).not.toMatch(/run with --env/);
  });

  it('OpenAPI: one request per operation, grouped by tag', async () => {
    const text = fixture('openapi/petstore3.yaml');
    const operations = Object.values(parse(text).paths as Record<string, Record<string, unknown>>).flatMap((ops) =>
      Object.keys(ops).filter((m) => /^(get|put|post|delete|patch|head|options)$/.test(m)),
    );
    const record = await t.call('plans.import', {
      text,
      fileName: 'petstore3.yaml',
      baseUrl: 'https://staging.example.com',
      includeWrites: true,
    });
    expect(record.requests).toBe(operations.length);
    // Without includeWrites, nothing that changes state: DELETE, PUT and PATCH are left out, and reported.
    const reads = await t.call('plans.import', {
      text,
      fileName: 'petstore3.yaml',
      baseUrl: 'https://staging.example.com',
    });
    expect(JSON.stringify(reads.document)).not.toMatch(/"method":"(DELETE|PUT|PATCH)"/);
    expect(reads.requests).toBeLessThan(operations.length);
    expect(reads.report.notes.some((n) => /DELETE/.test(n.message))).toBe(true);
    expect(JSON.stringify(record.document)).toContain('"group":{"name":"pet"');
    expect(record.report.variables.find((v) => v.name === 'BASE_URL')).toMatchObject({
      secret: false,
      planDefault: expect.stringContaining('staging.example.com'),
    });
  });

  it('cURL: the token becomes a secret variable, never stored; an environment is created on request', async () => {
    const text = `curl -H 'Authorization: Bearer s3cr3t-token-123' -H 'Accept: application/json' https://api.example.com/v1/users`;
    const preview = await t.call('plans.previewImport', { text, fileName: 'pasted' });
    expect(preview).toMatchObject({ format: 'curl', requests: [{ method: 'GET', name: 'GET /v1/users' }] });
    expect(preview.notes).toEqual([
      expect.objectContaining({
        kind: 'secret',
        where: 'pasted: line 1',
        message: expect.stringContaining('${env.API_TOKEN}'),
      }),
    ]);
    expect(preview.variables).toEqual([
      { name: 'BASE_URL', secret: false, value: null, hasValue: false, planDefault: 'https://api.example.com' },
      { name: 'API_TOKEN', secret: true, value: null, hasValue: false, planDefault: null },
    ]);
    await t.call('settings.set', {
      patch: { lastEnvironmentId: (await t.call('environments.save', { name: 'Before', variables: [] })).id },
    });
    const record = await t.call('plans.import', {
      text,
      fileName: 'pasted',
      name: 'Users',
      createEnvironment: { name: 'Users' },
    });
    expect(record.name).toBe('Users');
    expect(JSON.stringify(record.document)).not.toContain('s3cr3t');
    const env = await t.call('environments.get', { id: record.report.environment?.id ?? '' });
    // The designer and the run form open on the environment made for the plan, not on the one chosen before.
    expect((await t.call('settings.get', {})).lastEnvironmentId).toBe(env.id);
    expect(env).toMatchObject({
      name: 'Users',
      variables: [
        { name: 'BASE_URL', secret: false, value: null, hasValue: false },
        { name: 'API_TOKEN', secret: true, value: null, hasValue: false },
      ],
    });
  });

  it('Postman: the environment file fills the new environment; its secrets stay secret', async () => {
    const environment = JSON.stringify({
      name: 'staging',
      values: [
        { key: 'env-var', value: 'environment value', enabled: true },
        { key: 'duplicate-var', value: 'correct' },
        { key: 'password', value: 'pm-secret-value', type: 'secret' },
      ],
    });
    const text = fixture('postman/inherited-entities.postman_collection.json');
    const params = {
      text,
      fileName: 'c.postman_collection.json',
      environment: { text: environment, fileName: 'staging.postman_environment.json' },
    };
    const preview = await t.call('plans.previewImport', params);
    expect(preview.variables).toEqual(
      expect.arrayContaining([
        {
          name: 'ENV_VAR',
          secret: false,
          value: 'environment value',
          hasValue: true,
          planDefault: 'environment value',
        },
        { name: 'PASSWORD', secret: true, value: null, hasValue: true, planDefault: null },
      ]),
    );
    expect(JSON.stringify(preview)).not.toContain('pm-secret-value');
    const record = await t.call('plans.import', { ...params, createEnvironment: { name: 'staging' } });
    expect(JSON.stringify(record)).not.toContain('pm-secret-value');
    const env = await t.call('environments.get', { id: record.report.environment?.id ?? '' });
    expect(env.variables).toEqual(
      expect.arrayContaining([
        { name: 'ENV_VAR', secret: false, value: 'environment value', hasValue: true },
        { name: 'PASSWORD', secret: true, value: null, hasValue: true },
      ]),
    );
    expect(record.report.notes.filter((n) => n.kind === 'not-imported').length).toBeGreaterThan(0); // scripts are listed
  });

  it("HAR: the recorder's conversion, so a CSRF login is correlated, as Recorder › Import HAR does", async () => {
    const text = recordingToHar(shopRecording(), { includeSecrets: true }).text;
    const record = await t.call('plans.import', { text, fileName: 'shop.har', skipStatic: true });
    const recording = await t.call('recordings.importHar', { text, fileName: 'shop.har' });
    const proposal = await t.call('recordings.propose', { id: recording.id });
    expect((record.document as Plan).scenarios).toEqual((proposal.plan as Plan).scenarios);
    const login = JSON.stringify((record.document as Plan).scenarios);
    expect(login).toContain('"csrf_token":"${csrf_token}"');
    expect(login).not.toContain(CSRF);
    expect(record.report.notes.map((n) => n.message)).toContain(
      'correlation: csrf_token extracted from the hidden input csrf_token of entry 1, used by entry 2',
    );
  });

  it('the preview counts every request, and lists the first 1000', async () => {
    const steps = Array.from({ length: 1223 }, (_, i) => `      - request: { url: /r${i} }`).join('\n');
    const text = `version: 1\nname: Big\ndefaults: { baseUrl: "http://127.0.0.1:1" }\nscenarios:\n  s:\n    executor: per-vu-iterations\n    steps:\n${steps}\n`;
    const preview = await t.call('plans.previewImport', { text, fileName: 'big.yaml' });
    expect(preview).toMatchObject({ scenarios: 1, requestCount: 1223 });
    expect(preview.requests).toHaveLength(1000);
  });

  it('a named format overrides detection', async () => {
    const text = fixture('vegeta/blog-targets.txt');
    const preview = await t.call('plans.previewImport', {
      text,
      fileName: 'targets.txt',
      from: 'vegeta',
      rate: 10,
      duration: '5s',
    });
    expect(preview).toMatchObject({ format: 'vegeta', detected: false });
    const record = await t.call('plans.import', {
      text,
      fileName: 'targets.txt',
      from: 'vegeta',
      rate: 10,
      duration: '5s',
    });
    expect(JSON.stringify(record.document)).toContain('"duration":"5s"');
  });
});

describe('plans.import of bad input', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    [
      'an unterminated cURL quote',
      { text: "curl 'http://x", fileName: 'pasted' },
      'invalid_params',
      /^pasted: line 1: unterminated ' quote/,
    ],
    [
      'a HAR that is not one',
      { text: '{"log": {"entries": 5}}', fileName: 'x.har' },
      'invalid_params',
      /^x\.har: not a valid HAR file:\n\s*line 1, column 21: log\.entries/,
    ],
    [
      'text in no known format',
      { text: 'hello there', fileName: 'notes.txt' },
      'invalid_params',
      /^notes\.txt: cannot tell which format this is: choose the format/,
    ],
    [
      'a cURL command read as HAR',
      { text: 'curl http://x/', fileName: 'pasted', from: 'har' },
      'invalid_params',
      /^pasted: not a valid HAR file:[\s\S]*\n\(read as HAR: if it is something else, choose its format\)/,
    ],
    [
      'an OpenAPI document without operations',
      { text: 'openapi: 3.0.0\ninfo: { title: x, version: "1" }\npaths: {}\n', fileName: 'o.yaml' },
      'invalid_params',
      /^o\.yaml: the document has no operations/,
    ],
  ];
  it.each(cases)('%s: a located error, nothing stored', async (_what, params, code, message) => {
    const preview = await t.fail('plans.previewImport', params);
    expect(preview.code).toBe(code);
    expect(preview.message).toMatch(message);
    const error = await t.fail('plans.import', { ...params, createEnvironment: { name: 'x' } });
    expect(error).toEqual(preview);
    await nothingStored();
  });

  it('an invalid plan file keeps its located issues', async () => {
    const e = await t.fail('plans.import', {
      text: 'version: 1\nname: x\nscenarios:\n  s:\n    executor: constant-vu\n',
      fileName: 'bad.yaml',
    });
    expect(e).toMatchObject({
      code: 'plan_invalid',
      issues: [{ path: ['scenarios', 's', 'executor'], line: 5, column: 15 }],
    });
    expect(e.message).toMatch(/^bad\.yaml is not a valid plan:/);
    await nothingStored();
  });
});

describe('plans.import of plan files', () => {
  it('detects YAML and JSON plans, and lists the variables they read', async () => {
    const yaml =
      'version: 1\nname: Mine\ndefaults: { baseUrl: "${env.BASE_URL:-http://127.0.0.1:1}" }\nscenarios:\n  s:\n    executor: per-vu-iterations\n    steps: [{ request: { url: /a, headers: { X-Token: "${env.TOKEN}" } } }]\n';
    const preview = await t.call('plans.previewImport', { text: yaml, fileName: 'pasted' });
    expect(preview).toMatchObject({
      format: 'plan',
      planName: 'Mine',
      notes: [],
      requests: [{ method: 'GET', name: 'GET /a' }],
    });
    expect(preview.variables.map((v) => [v.name, v.secret, v.planDefault])).toEqual([
      ['BASE_URL', false, 'http://127.0.0.1:1'],
      ['TOKEN', true, null],
    ]);
    const json = await t.call('plans.import', { text: JSON.stringify(parse(yaml)), fileName: 'mine.json' });
    expect(json).toMatchObject({ name: 'Mine', valid: true, report: { format: 'plan', notes: [] } });
  });
});
