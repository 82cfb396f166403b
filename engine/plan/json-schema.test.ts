import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allowedKeysAt, planJsonSchema } from './json-schema.ts';
import { parsePlan, PlanError } from './index.ts';

const plansDir = fileURLToPath(new URL('../../plans/', import.meta.url));

describe('plans/plan.schema.json', () => {
  it('is the schema generated from the zod plan schema', () => {
    const checkedIn: unknown = JSON.parse(readFileSync(join(plansDir, 'plan.schema.json'), 'utf8'));
    // Compare as JSON: the checked-in file is what editors see.
    const generated: unknown = JSON.parse(JSON.stringify(planJsonSchema()));
    expect(checkedIn, 'plans/plan.schema.json is stale: run `npm run schema` and commit the result').toEqual(generated);
  });

  it('describes a plan: version 1, required keys, no unknown keys', () => {
    const schema = planJsonSchema();
    expect(schema.$id).toBe('https://loadsmith.dev/schemas/plan.schema.json');
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(expect.arrayContaining(['version', 'name', 'scenarios']));
    expect((schema.properties as Record<string, { const?: unknown }>).version?.const).toBe(1);
  });
});

describe('allowedKeysAt', () => {
  const schema = planJsonSchema();

  it('lists the keys of the top level and of a request', () => {
    expect(allowedKeysAt(schema, {}, [])).toEqual([
      'version',
      'name',
      'description',
      'defaults',
      'variables',
      'data',
      'setup',
      'teardown',
      'scenarios',
      'thresholds',
      'summaryTrendStats',
      'outputs',
    ]);
    const doc = { scenarios: { a: { executor: 'constant-vus', steps: [{ request: { url: '/' } }] } } };
    expect(allowedKeysAt(schema, doc, ['scenarios', 'a', 'steps', 0, 'request'])).toEqual(
      expect.arrayContaining(['url', 'method', 'checks', 'extract']),
    );
  });

  it('follows steps into flow control, setup and teardown', () => {
    const doc = {
      setup: { steps: [{ request: { url: '/login' } }] },
      scenarios: {
        a: {
          executor: 'constant-vus',
          steps: [
            {
              if: {
                condition: 'true',
                then: [{ while: { condition: 'x', max: 2, steps: [{ request: { url: '/' } }] } }],
              },
            },
          ],
        },
      },
    };
    expect(allowedKeysAt(schema, doc, ['scenarios', 'a', 'steps', 0, 'if'])).toEqual(['condition', 'then', 'else']);
    expect(allowedKeysAt(schema, doc, ['scenarios', 'a', 'steps', 0, 'if', 'then', 0, 'while'])).toEqual([
      'condition',
      'max',
      'counter',
      'steps',
    ]);
    expect(
      allowedKeysAt(schema, doc, ['scenarios', 'a', 'steps', 0, 'if', 'then', 0, 'while', 'steps', 0, 'request']),
    ).toEqual(expect.arrayContaining(['url', 'onFailure']));
    expect(allowedKeysAt(schema, doc, ['setup'])).toEqual(['steps', 'timeout']);
    expect(allowedKeysAt(schema, doc, ['setup', 'steps', 0, 'request'])).toEqual(
      expect.arrayContaining(['url', 'extract']),
    );
  });

  it('picks the executor the document names', () => {
    const doc = { scenarios: { a: { executor: 'ramping-vus' }, b: { executor: 'shared-iterations' } } };
    expect(allowedKeysAt(schema, doc, ['scenarios', 'a'])).toEqual(
      expect.arrayContaining(['startVUs', 'stages', 'gracefulRampDown']),
    );
    expect(allowedKeysAt(schema, doc, ['scenarios', 'b'])).toEqual(
      expect.arrayContaining(['vus', 'iterations', 'maxDuration']),
    );
    expect(allowedKeysAt(schema, doc, ['scenarios', 'b'])).not.toContain('stages');
  });

  it('picks the auth type the document names, in defaults and in a request', () => {
    expect(allowedKeysAt(schema, { defaults: { auth: { type: 'bearer' } } }, ['defaults', 'auth']).sort()).toEqual([
      'scheme',
      'token',
      'type',
    ]);
    const doc = {
      scenarios: { a: { executor: 'constant-vus', steps: [{ request: { url: '/', auth: { type: 'basic' } } }] } },
    };
    expect(allowedKeysAt(schema, doc, ['scenarios', 'a', 'steps', 0, 'request', 'auth']).sort()).toEqual([
      'password',
      'type',
      'username',
    ]);
  });
});

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
    .map((f) => join(dir, f))
    .sort();
}

describe('the plans under plans/', () => {
  const files = yamlFiles(plansDir);

  it('include the demo plan and the examples', () => {
    const names = files.map((f) => f.slice(plansDir.length).split('\\').join('/'));
    expect(names).toEqual(
      expect.arrayContaining([
        'demo.yaml',
        'examples/smoke.yaml',
        'examples/ramp-up.yaml',
        'examples/data-driven.yaml',
      ]),
    );
  });

  it.each(files.map((f) => [f.slice(plansDir.length), f]))('%s parses without issues', (_name, file) => {
    let issues = '';
    try {
      const parsed = parsePlan(readFileSync(file, 'utf8'), file);
      expect(Object.keys(parsed.plan.scenarios).length).toBeGreaterThan(0);
    } catch (e) {
      if (!(e instanceof PlanError)) throw e;
      issues = e.message;
    }
    expect(issues).toBe('');
  });
});
