import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Plan, Request, Step } from '../../plan/schema/index.ts';
import { ConvertError } from '../types.ts';
import { importOpenApi } from './import.ts';

const fixture = (name: string): string => readFileSync(new URL(`../../../tests/fixtures/convert/openapi/${name}`, import.meta.url), 'utf8');
const steps = (plan: Plan): Step[] => Object.values(plan.scenarios)[0]?.steps ?? [];
const requests = (list: Step[]): Request[] => list.flatMap((s) => ('request' in s ? [s.request] : 'group' in s ? requests(s.group.steps) : []));
const op = (plan: Plan, name: string): Request | undefined => requests(steps(plan)).find((r) => r.name === name);

describe('importOpenApi: Swagger Petstore, OpenAPI 3.0 (YAML)', () => {
  const { plan, notes, env } = importOpenApi(fixture('petstore3.yaml'), { file: 'petstore3.yaml' });

  it('one request per operation, in document order, grouped by tag', () => {
    expect(requests(steps(plan))).toHaveLength(19);
    expect(steps(plan).map((s) => ('group' in s ? s.group.name : '?'))).toEqual(['pet', 'store', 'user']);
    expect(requests(steps(plan)).slice(0, 3).map((r) => r.name)).toEqual(['addPet', 'updatePet', 'findPetsByStatus']);
  });

  it('the relative server goes under a local base URL the user overrides with BASE_URL', () => {
    expect(plan.defaults?.baseUrl).toBe('${env.BASE_URL:-http://localhost/v3}');
    expect(notes.some((n) => /server URL is relative \(\/v3\)/.test(n.message))).toBe(true);
    expect(importOpenApi(fixture('petstore3.yaml'), { baseUrl: 'https://petstore3.swagger.io/api' }).plan.defaults?.baseUrl).toBe('${env.BASE_URL:-https://petstore3.swagger.io/api/v3}');
  });

  it('bodies from schema examples, path parameters filled, success status checked', () => {
    expect(op(plan, 'addPet')).toMatchObject({
      method: 'POST', url: '/pet', checks: [{ status: 200 }],
      json: { id: 10, name: 'doggie', category: { id: 1, name: 'Dogs' }, photoUrls: ['string'], tags: [{ id: 1, name: 'string' }], status: 'available' },
    });
    expect(op(plan, 'getOrderById')).toMatchObject({ url: '/store/order/1', checks: [{ status: 200 }] });
    expect(op(plan, 'createUser')?.checks).toEqual([{ status: '2xx' }]); // only a `default` response
    expect(op(plan, 'deletePet')?.checks).toBeUndefined();
  });

  it('security schemes become auth from the environment', () => {
    expect(op(plan, 'addPet')?.auth).toEqual({ type: 'bearer', token: '${env.PETSTORE_AUTH}' });
    expect(op(plan, 'getInventory')?.auth).toEqual({ type: 'apiKey', name: 'api_key', value: '${env.API_KEY}' });
    expect(op(plan, 'placeOrder')?.auth).toBeUndefined();
    expect(env).toEqual(expect.arrayContaining(['PETSTORE_AUTH', 'API_KEY']));
    expect(notes.filter((n) => n.kind === 'secret').map((n) => n.where)).toEqual(['petstore3.yaml: securitySchemes.petstore_auth', 'petstore3.yaml: securitySchemes.api_key']);
  });

  it('reports what it could not send', () => {
    expect(notes).toContainEqual({ kind: 'not-imported', where: 'petstore3.yaml: POST /pet/{petId}/uploadImage (uploadFile)', message: 'a application/octet-stream body (no example to send): add a `file:` or `text:` body' });
  });
});

describe('importOpenApi: Swagger Petstore, Swagger 2.0 (JSON)', () => {
  const { plan, notes } = importOpenApi(fixture('petstore2.json'), { file: 'petstore2.json' });

  it('host, basePath and schemes make the base URL; body and formData parameters make bodies', () => {
    expect(plan.defaults?.baseUrl).toBe('${env.BASE_URL:-http://petstore.swagger.io/v2}');
    expect(op(plan, 'updatePetWithForm')).toMatchObject({ method: 'POST', url: '/pet/string', form: { name: 'string', status: 'string' } });
    expect(op(plan, 'placeOrder')?.json).toEqual({ petId: 1, quantity: 1, shipDate: '2025-01-01T00:00:00Z', status: 'placed', complete: true }); // readOnly id left out
    expect(op(plan, 'uploadFile')?.text).toContain('name="additionalMetadata"');
    expect(notes.some((n) => /file field file/.test(n.message))).toBe(true);
  });

  it('securityDefinitions: basic, API keys in header and query, two keys required together', () => {
    expect(op(plan, 'deleteUser')?.auth).toEqual({ type: 'basic', username: '${env.TEST_HTTP_BASIC_USERNAME}', password: '${env.TEST_HTTP_BASIC_PASSWORD}' });
    expect(op(plan, 'placeOrder')).toMatchObject({ auth: { type: 'apiKey', name: 'x-test_api_client_id', value: '${env.TEST_API_CLIENT_ID}' }, headers: { 'x-test_api_client_secret': '${env.TEST_API_CLIENT_SECRET}' } });
    expect(op(plan, 'createUser')?.json).toMatchObject({ password: '${env.PASSWORD}' });
  });
});

describe('importOpenApi: errors', () => {
  it('refuses what is not OpenAPI, with the reason', () => {
    expect(() => importOpenApi('{"openapi": "2.5"}', { file: 'a.json' })).toThrow(/a\.json: line 1, column 13: OpenAPI 2\.5 is not supported/);
    expect(() => importOpenApi('title: x', { file: 'b.yaml' })).toThrow(/b\.yaml: not an OpenAPI 3\.x or Swagger 2\.0 document/);
    expect(() => importOpenApi('openapi: 3.0.0\npaths: {}', { file: 'c.yaml' })).toThrow(/c\.yaml: the document has no operations/);
  });

  it('a document nested too deeply is refused with where, not a stack overflow', () => {
    const json = `{"openapi":"3.1.0","paths":{},"x-deep":${'['.repeat(3000)}${']'.repeat(3000)}}`;
    expect(() => importOpenApi(json, { file: 'deep.json' })).toThrow(new ConvertError('deep.json: line 1, column 539: nested more than 500 levels deep, the most Loadsmith reads; is it really an OpenAPI or Swagger document?'));
    const yaml = ['openapi: 3.1.0', 'paths: {}', 'x-deep:', ...Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i + 1)}k${i}:`)].join('\n');
    expect(() => importOpenApi(yaml, { file: 'deep.yaml' })).toThrow(/^deep\.yaml: nested too deeply to read \(Loadsmith reads up to 500 levels\)/);
  });

  it('reports references to other files', () => {
    const doc = { openapi: '3.1.0', info: { title: 't' }, servers: [{ url: 'https://{env}.api.test', variables: { env: { default: 'staging' } } }],
      paths: { '/x': { post: { requestBody: { content: { 'application/json': { schema: { $ref: 'schemas.yaml#/X' } } } }, responses: { 201: { description: 'ok' } } } } } };
    const { plan, notes } = importOpenApi(JSON.stringify(doc));
    expect(plan.defaults?.baseUrl).toBe('${env.BASE_URL:-https://staging.api.test}');
    expect(notes.some((n) => n.kind === 'not-imported' && /another file \(schemas\.yaml#\/X\)/.test(n.message))).toBe(true);
    expect(requests(steps(plan))[0]?.checks).toEqual([{ status: 201 }]);
  });
});
