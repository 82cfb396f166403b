/**
 * Every fixture, through the public entry point: the format is detected from the content, and the plan written as
 * YAML passes the plan parser and validator (the same path `loadsmith validate` takes).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePlan } from '../plan/parse.ts';
import { detectFormat, importPlan, planToYaml, type ImportFormat } from './index.ts';

const root = new URL('../../tests/fixtures/convert/', import.meta.url);
const DIRS: Record<string, ImportFormat> = {
  curl: 'curl',
  har: 'har',
  postman: 'postman',
  openapi: 'openapi',
  vegeta: 'vegeta',
};
const fixtures = Object.entries(DIRS).flatMap(([dir, format]) =>
  readdirSync(new URL(`${dir}/`, root))
    .filter((f) => !f.includes('environment'))
    .map((f) => ({ path: `${dir}/${f}`, format })),
);

describe('every fixture', () => {
  it('there are fixtures of every format', () => {
    expect(new Set(fixtures.map((f) => f.format))).toEqual(new Set(Object.values(DIRS)));
    expect(fixtures.length).toBeGreaterThanOrEqual(17);
  });

  it.each(fixtures)('$path: detected as $format and imported into a valid plan', ({ path, format }) => {
    const text = readFileSync(new URL(path, root), 'utf8');
    expect(detectFormat(text, path)).toBe(format);
    const result = importPlan(text, undefined, { file: path });
    expect(result.format).toBe(format);
    const yaml = planToYaml(result.plan, ['header comment']);
    const parsed = parsePlan(yaml, `${path}.yaml`);
    expect(parsed.plan).toEqual(result.plan);
    expect(yaml.startsWith('# header comment\n')).toBe(true);
    expect([...new Set(parsed.env.map((e) => e.name))].sort()).toEqual([...result.env].sort());
  });
});

describe('planToYaml', () => {
  it('writes keys in the reference order and small collections on one line', () => {
    const yaml = planToYaml({
      scenarios: {
        s: {
          steps: [{ request: { checks: [{ status: 200 }], url: '/x', method: 'POST', name: 'n' } }],
          vus: 1,
          executor: 'constant-vus',
          duration: '1s',
        },
      },
      name: 'p',
      version: 1,
    });
    expect(yaml).toBe(
      [
        'version: 1',
        'name: p',
        'scenarios:',
        '  s:',
        '    executor: constant-vus',
        '    vus: 1',
        '    duration: 1s',
        '    steps:',
        '      - request:',
        '          name: n',
        '          method: POST',
        '          url: /x',
        '          checks: [ { status: 200 } ]',
        '',
      ].join('\n'),
    );
  });
});

describe('detectFormat', () => {
  it('tells formats apart by content, and by name only as a last resort', () => {
    expect(detectFormat('# saved\ncurl https://x.test')).toBe('curl');
    expect(detectFormat('{"openapi": "3.1.0", "paths": {}}')).toBe('openapi');
    expect(detectFormat('swagger: "2.0"\npaths: {}')).toBe('openapi');
    expect(
      detectFormat(
        '{"info": {"schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}, "item": []}',
      ),
    ).toBe('postman');
    expect(detectFormat('{"log": {"entries": []}}')).toBe('har');
    expect(detectFormat('GET http://a.test/\nX-A: 1')).toBe('vegeta');
    expect(detectFormat('{}', 'trace.har')).toBe('har');
    expect(detectFormat('hello')).toBeUndefined();
    expect(() => importPlan('hello', undefined, { file: 'x.txt' })).toThrow(
      'x.txt: cannot tell which format this is; say it with --from curl|har|postman|openapi|vegeta',
    );
  });
});
