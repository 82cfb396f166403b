import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Plan, Request, Step } from '../../plan/schema/index.ts';
import { compileTemplate } from '../../template/index.ts';
import { ConvertError } from '../types.ts';
import { importOpenApi } from './import.ts';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../tests/fixtures/convert/openapi/${name}`, import.meta.url), 'utf8');
const steps = (plan: Plan): Step[] => Object.values(plan.scenarios)[0]?.steps ?? [];
const requests = (list: Step[]): Request[] =>
  list.flatMap((s) => ('request' in s ? [s.request] : 'group' in s ? requests(s.group.steps) : []));
const op = (plan: Plan, name: string): Request | undefined => requests(steps(plan)).find((r) => r.name === name);

describe('importOpenApi: Swagger Petstore, OpenAPI 3.0 (YAML)', () => {
  const reads = importOpenApi(fixture('petstore3.yaml'), { file: 'petstore3.yaml' });
  const { plan, notes, env } = importOpenApi(fixture('petstore3.yaml'), {
    file: 'petstore3.yaml',
    includeWrites: true,
  });

  it('by default only the operations that read, in document order, grouped by tag; every write is listed', () => {
    expect(requests(steps(reads.plan)).map((r) => `${r.method ?? 'GET'} ${r.name}`)).toEqual([
      'GET findPetsByStatus',
      'GET findPetsByTags',
      'GET getPetById',
      'GET getInventory',
      'GET getOrderById',
      'GET loginUser',
      'GET logoutUser',
      'GET getUserByName',
    ]);
    expect(
      reads.notes
        .filter(
          (n) => n.kind === 'not-imported' && /changes state: left out; import with --include-writes/.test(n.message),
        )
        .map((n) => n.where.replace('petstore3.yaml: ', '')),
    ).toEqual([
      'POST /pet (addPet)',
      'PUT /pet (updatePet)',
      'POST /pet/{petId} (updatePetWithForm)',
      'DELETE /pet/{petId} (deletePet)',
      'POST /pet/{petId}/uploadImage (uploadFile)',
      'POST /store/order (placeOrder)',
      'DELETE /store/order/{orderId} (deleteOrder)',
      'POST /user (createUser)',
      'POST /user/createWithList (createUsersWithListInput)',
      'PUT /user/{username} (updateUser)',
      'DELETE /user/{username} (deleteUser)',
    ]);
  });

  it('with writes: every operation, each tag as create, read, update, delete on what it created', () => {
    expect(requests(steps(plan))).toHaveLength(19);
    expect(steps(plan).map((s) => ('group' in s ? s.group.name : '?'))).toEqual(['pet', 'store', 'user']);
    expect(
      requests(steps(plan))
        .filter((r) => r.url.startsWith('/pet'))
        .map((r) => `${r.method ?? 'GET'} ${r.url}`),
    ).toEqual([
      'POST /pet',
      'POST /pet/${pet_id}',
      'POST /pet/${pet_id}/uploadImage',
      'GET /pet/findByStatus',
      'GET /pet/findByTags',
      'GET /pet/${pet_id}',
      'PUT /pet',
      'DELETE /pet/${pet_id}',
    ]);
    expect(op(plan, 'addPet')?.extract).toEqual({ pet_id: { jsonPath: '$.id' } });
    expect(op(plan, 'createUser')?.extract).toEqual({ username: { jsonPath: '$.username' } });
    expect(op(plan, 'deleteUser')?.url).toBe('/user/${username}');
  });

  it('the relative server goes under a local base URL the user overrides with BASE_URL', () => {
    expect(plan.defaults?.baseUrl).toBe('${env.BASE_URL:-http://localhost/v3}');
    expect(notes.some((n) => /server URL is relative \(\/v3\)/.test(n.message))).toBe(true);
    expect(
      importOpenApi(fixture('petstore3.yaml'), { baseUrl: 'https://petstore3.swagger.io/api' }).plan.defaults?.baseUrl,
    ).toBe('${env.BASE_URL:-https://petstore3.swagger.io/api/v3}');
  });

  it('bodies from schema examples (required properties, and optional ones with an example), success status checked', () => {
    expect(op(plan, 'addPet')).toMatchObject({
      method: 'POST',
      url: '/pet',
      checks: [{ status: 200 }],
      json: { id: 10, name: 'doggie', photoUrls: ['string'] },
    });
    expect(op(reads.plan, 'getOrderById')).toMatchObject({ url: '/store/order/1', checks: [{ status: 200 }] });
    expect(op(plan, 'createUser')?.checks).toEqual([{ status: '2xx' }]); // only a `default` response
    expect(op(plan, 'createUser')?.json).toMatchObject({ username: 'theUser', password: '${env.PASSWORD}' }); // a number in the example, hidden all the same
    expect(op(plan, 'deletePet')?.checks).toBeUndefined();
  });

  it('security schemes become auth from the environment', () => {
    expect(op(plan, 'addPet')?.auth).toEqual({ type: 'bearer', token: '${env.PETSTORE_AUTH}' });
    expect(op(plan, 'getInventory')?.auth).toEqual({ type: 'apiKey', name: 'api_key', value: '${env.API_KEY}' });
    expect(op(plan, 'placeOrder')?.auth).toBeUndefined();
    expect(env).toEqual(expect.arrayContaining(['PETSTORE_AUTH', 'API_KEY']));
    expect(notes.filter((n) => n.kind === 'secret' && n.where.includes('securitySchemes')).map((n) => n.where)).toEqual(
      ['petstore3.yaml: securitySchemes.petstore_auth', 'petstore3.yaml: securitySchemes.api_key'],
    );
  });

  it('reports what it could not send', () => {
    expect(notes).toContainEqual({
      kind: 'not-imported',
      where: 'petstore3.yaml: POST /pet/{petId}/uploadImage (uploadFile)',
      message: 'a application/octet-stream body (no example to send): add a `file:` or `text:` body',
    });
  });
});

describe('importOpenApi: Swagger Petstore, Swagger 2.0 (JSON)', () => {
  const { plan, notes } = importOpenApi(fixture('petstore2.json'), { file: 'petstore2.json', includeWrites: true });

  it('host, basePath and schemes make the base URL; body and formData parameters make bodies', () => {
    expect(plan.defaults?.baseUrl).toBe('${env.BASE_URL:-http://petstore.swagger.io/v2}');
    expect(op(plan, 'updatePetWithForm')).toMatchObject({ method: 'POST', url: '/pet/${pet_id}', form: {} }); // optional fields without examples
    expect(op(plan, 'placeOrder')?.json).toEqual({
      petId: 1,
      quantity: 1,
      shipDate: '2025-01-01T00:00:00Z',
      status: 'placed',
      complete: true,
    }); // readOnly id left out
    expect(op(plan, 'uploadFile')?.headers?.['Content-Type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(notes.some((n) => /file field file/.test(n.message))).toBe(true);
  });

  it('securityDefinitions: basic, API keys in header and query, two keys required together', () => {
    expect(op(plan, 'deleteUser')?.auth).toEqual({
      type: 'basic',
      username: '${env.TEST_HTTP_BASIC_USERNAME}',
      password: '${env.TEST_HTTP_BASIC_PASSWORD}',
    });
    expect(op(plan, 'placeOrder')).toMatchObject({
      auth: { type: 'apiKey', name: 'x-test_api_client_id', value: '${env.TEST_API_CLIENT_ID}' },
      headers: { 'x-test_api_client_secret': '${env.TEST_API_CLIENT_SECRET}' },
    });
    expect(op(plan, 'createUser')?.json).toMatchObject({ password: '${env.PASSWORD}' });
  });
});

describe('importOpenApi: an OpenAPI 3.1 document with uuid ids, links and DELETEs', () => {
  const doc = fixture('inventory-3.1.yaml');

  it('uuid path and query parameters stay templates: ${uuid()} is not percent-encoded', () => {
    const { plan, notes } = importOpenApi(doc, { file: 'inv.yaml' });
    expect(op(plan, 'getItem')?.url).toBe('/items/${uuid()}');
    expect(op(plan, 'listItems')?.query).toEqual({ owner: '${uuid()}' });
    expect(notes).toContainEqual(
      expect.objectContaining({
        where: 'inv.yaml: GET /items/{item_id} (getItem)',
        message: expect.stringMatching(/^path parameter item_id has no example: a made-up value is sent/),
      }),
    );
  });

  it('with writes: the link chains create to read, a matching path parameter chains the rest, an unchained DELETE reads its target from the environment', () => {
    const { plan, notes, env } = importOpenApi(doc, { file: 'inv.yaml', includeWrites: true });
    expect(requests(steps(plan)).map((r) => `${r.method ?? 'GET'} ${r.url}`)).toEqual([
      'POST /items/',
      'POST /items/${item_id}/tags',
      'GET /items/',
      'GET /items/${item_id}',
      'POST /items/search',
      'PUT /items/${item_id}',
      'PATCH /items/${item_id}',
      'DELETE /items/${item_id}',
      'DELETE /users/${env.USER_ID}',
    ]);
    expect(op(plan, 'createItem')?.extract).toEqual({ item_id: { jsonPath: '$.id' } });
    expect(notes.find((n) => n.where === 'inv.yaml: GET /items/{item_id} (getItem)')?.message).toMatch(
      /a link of the earlier operation names \(POST \/items\/ \(createItem\)\)/,
    );
    expect(notes).toContainEqual(
      expect.objectContaining({
        kind: 'approximated',
        where: 'inv.yaml: DELETE /users/{user_id} (deleteUser)',
        message: expect.stringMatching(/reads \$\{env\.USER_ID\} \(with no default/),
      }),
    );
    expect(env).toContain('USER_ID');
  });

  it('generated values fit formats, enums, ranges, multipleOf, lengths, simple patterns and unique items; unique names are random', () => {
    const schema = {
      type: 'object',
      required: ['slug', 'code', 'weight', 'count', 'ratio', 'when', 'kinds', 'email', 'note', 'level'],
      properties: {
        slug: { type: 'string', pattern: '^[a-z]+$', maxLength: 10 },
        code: { type: 'string', pattern: '^[A-Z]{2}\\d{3}$' },
        weight: { type: 'string', format: 'decimal', pattern: '^-?\\d{0,3}(?:\\.\\d{0,2})?$' },
        count: { type: 'integer', exclusiveMinimum: 10, maximum: 20, multipleOf: 5 },
        ratio: { type: 'number', exclusiveMaximum: 0 },
        when: { type: 'string', format: 'date-time' },
        kinds: { type: 'array', items: { type: 'integer' }, minItems: 3, uniqueItems: true },
        email: { type: 'string', format: 'email' },
        note: { type: 'string', minLength: 12 },
        level: { type: 'string', enum: [null, 'high'] },
        optional: { type: 'string' },
      },
    };
    const api = {
      openapi: '3.1.0',
      info: { title: 't' },
      paths: {
        '/things': {
          post: {
            operationId: 'make',
            requestBody: { content: { 'application/json': { schema } } },
            responses: { 201: { description: 'ok' } },
          },
        },
      },
    };
    const json = op(importOpenApi(JSON.stringify(api), { includeWrites: true }).plan, 'make')?.json as Record<
      string,
      unknown
    >;
    const value = (k: string): unknown =>
      compileTemplate(String(json[k])).evaluate({ vu: 1, iter: 0, scenario: 's', env: {}, data: {}, vars: new Map() });
    expect(json).toMatchObject({
      weight: '1.00',
      count: 15,
      ratio: -0.5,
      when: '2025-01-01T00:00:00Z',
      kinds: [1, 2, 3],
      note: 'stringxxxxxx',
      level: 'high',
    });
    expect(json).not.toHaveProperty('optional');
    expect(value('slug')).toMatch(/^[a-z]{1,10}$/);
    expect(value('code')).toMatch(/^[A-Z]{2}\d{3}$/); // a code is usually unique: random parts from its pattern
    expect(json.slug).toMatch(/randomString/);
    expect(value('email')).toMatch(/^user-[a-z0-9]{8}@example\.com$/);
    expect(value('email')).not.toBe(value('email'));
  });
});

describe('importOpenApi: credentials the document holds', () => {
  const doc = (servers: unknown[], paths: Record<string, unknown>): string =>
    JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, servers, paths });
  const get = (parameters: unknown[] = []): unknown => ({
    get: { parameters, responses: { 200: { description: 'ok' } } },
  });

  it('a server URL with user:password@ is sent as basic auth, the password from the environment', () => {
    const r = importOpenApi(doc([{ url: 'https://ann:pw-7Lk2Mn4Bv6@api.test/v1' }], { '/me': get() }), {
      file: 'api.json',
    });
    expect(r.plan.defaults?.baseUrl).toBe('${env.BASE_URL:-https://api.test/v1}');
    expect(op(r.plan, 'GET /me')?.auth).toEqual({ type: 'basic', username: 'ann', password: '${env.PASSWORD}' });
    expect(JSON.stringify(r)).not.toContain('pw-7Lk2Mn4Bv6');
  });

  it('a path parameter named as a credential reads the environment, not the example', () => {
    const r = importOpenApi(
      doc([{ url: 'https://api.test' }], {
        '/reset/{token}': get([{ name: 'token', in: 'path', required: true, example: 'rt-5Gh8Jk1Lz3' }]),
      }),
      { file: 'api.json' },
    );
    expect(op(r.plan, 'GET /reset/{token}')?.url).toBe('/reset/${env.TOKEN}');
    expect(r.notes).toContainEqual(
      expect.objectContaining({ kind: 'secret', message: expect.stringContaining('path parameter token') }),
    );
    expect(JSON.stringify(r)).not.toContain('rt-5Gh8Jk1Lz3');
  });
});

describe('importOpenApi: errors', () => {
  it('refuses what is not OpenAPI, with the reason', () => {
    expect(() => importOpenApi('{"openapi": "2.5"}', { file: 'a.json' })).toThrow(
      /a\.json: line 1, column 13: OpenAPI 2\.5 is not supported/,
    );
    expect(() => importOpenApi('title: x', { file: 'b.yaml' })).toThrow(
      /b\.yaml: not an OpenAPI 3\.x or Swagger 2\.0 document/,
    );
    expect(() => importOpenApi('openapi: 3.0.0\npaths: {}', { file: 'c.yaml' })).toThrow(
      /c\.yaml: the document has no operations/,
    );
  });

  it('a document nested too deeply is refused with where, not a stack overflow', () => {
    const json = `{"openapi":"3.1.0","paths":{},"x-deep":${'['.repeat(3000)}${']'.repeat(3000)}}`;
    expect(() => importOpenApi(json, { file: 'deep.json' })).toThrow(
      new ConvertError(
        'deep.json: line 1, column 539: nested more than 500 levels deep, the most Loadsmith reads; is it really an OpenAPI or Swagger document?',
      ),
    );
    const yaml = [
      'openapi: 3.1.0',
      'paths: {}',
      'x-deep:',
      ...Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i + 1)}k${i}:`),
    ].join('\n');
    expect(() => importOpenApi(yaml, { file: 'deep.yaml' })).toThrow(
      /^deep\.yaml: nested too deeply to read \(Loadsmith reads up to 500 levels\)/,
    );
  });

  it('reports references to other files', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't' },
      servers: [{ url: 'https://{env}.api.test', variables: { env: { default: 'staging' } } }],
      paths: {
        '/x': {
          post: {
            requestBody: { content: { 'application/json': { schema: { $ref: 'schemas.yaml#/X' } } } },
            responses: { 201: { description: 'ok' } },
          },
        },
      },
    };
    expect(() => importOpenApi(JSON.stringify(doc))).toThrow(
      'input: every operation of the document changes state (1), and writes are left out unless asked for: import with --include-writes',
    );
    const { plan, notes } = importOpenApi(JSON.stringify(doc), { includeWrites: true });
    expect(plan.defaults?.baseUrl).toBe('${env.BASE_URL:-https://staging.api.test}');
    expect(notes.some((n) => n.kind === 'not-imported' && /another file \(schemas\.yaml#\/X\)/.test(n.message))).toBe(
      true,
    );
    expect(requests(steps(plan))[0]?.checks).toEqual([{ status: 201 }]);
  });
});
