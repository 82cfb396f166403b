/**
 * An imported OpenAPI plan run as it is, against the API its document describes (a strict local server): by
 * default it sends no request that changes state; with writes included it creates, then reads, updates and
 * deletes what it created (never a fixed id), and the values it generates pass the schema's constraints.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startInventoryApi, type InventoryApi } from '../../../tests/fixtures/convert/inventory-api.ts';
import { runYaml } from '../../../tests/integration/run-helper.ts';
import { planToYaml } from '../plan-yaml.ts';
import { importOpenApi } from './import.ts';

const doc = readFileSync(
  new URL('../../../tests/fixtures/convert/openapi/inventory-3.1.yaml', import.meta.url),
  'utf8',
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let api: InventoryApi;
beforeEach(async () => {
  api = await startInventoryApi();
});
afterEach(async () => {
  await api.close();
});

const run = async (includeWrites: boolean, iterations: number, env: Record<string, string> = {}) => {
  const { plan } = importOpenApi(doc, { file: 'inventory-3.1.yaml', includeWrites });
  const scenario = plan.scenarios.imported!;
  if (scenario.executor === 'per-vu-iterations') scenario.iterations = iterations;
  return runYaml(planToYaml(plan), { env: { BASE_URL: api.url, BEARER_AUTH: 'test-token', ...env } });
};

describe('an imported OpenAPI plan against its API', () => {
  it('by default sends no write: only GETs and the POST that searches; uuid parameters are sent as UUIDs', async () => {
    const { summary } = await run(false, 1);
    expect(api.requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, '<uuid>')}`)).toEqual([
      'GET /items/',
      'GET /items/<uuid>',
      'POST /items/search',
    ]);
    expect(api.requests.some((r) => ['DELETE', 'PUT', 'PATCH'].includes(r.method))).toBe(false);
    expect(api.requests.every((r) => r.status !== 422)).toBe(true); // `${uuid()}` is not sent as %24%7Buuid()%7D
    expect(new URLSearchParams(api.requests[0]!.query).get('owner')).toMatch(UUID);
    expect(api.requests[1]!.path).toMatch(new RegExp(`^/items/${UUID.source.slice(1, -1)}$`));
    expect(summary.checks.find((c) => c.request === 'listItems')).toMatchObject({ passes: 1, fails: 0 });
  }, 30_000);

  it('with writes: creates, then reads, tags, replaces, updates and deletes what it created, three times over', async () => {
    const { summary } = await run(true, 3, { USER_ID: '7' });
    expect(api.created).toHaveLength(3); // unique names and SKUs: no create refused as a duplicate
    const perItem = api.created.map((id) =>
      api.requests.filter((r) => r.path.includes(id)).map((r) => `${r.method} ${r.status}`),
    );
    for (const seen of perItem) expect(seen).toEqual(['POST 200', 'GET 200', 'PUT 200', 'PATCH 200', 'DELETE 204']);
    expect(api.requests.filter((r) => r.method === 'POST' && r.path === '/items/').map((r) => r.status)).toEqual([
      201, 201, 201,
    ]);
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(
      api.created.flatMap((id) => [`/items/${id}`, '/users/7']), // the user named by USER_ID, never an example id
    );
    expect(summary.checks.filter((c) => c.fails > 0)).toEqual([]);
  }, 30_000);
});
