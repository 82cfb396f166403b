import { describe, expect, it } from 'vitest';
import { checkName, requestName } from './names.ts';
import type { Check } from './schema/index.ts';

describe('requestName', () => {
  it('is the name when there is one', () => {
    expect(requestName({ name: 'List users', url: '/v3/users' })).toBe('List users');
    expect(requestName({ name: 'Create', method: 'POST', url: '/v3/orgs' })).toBe('Create');
  });

  it('is METHOD and the URL as written otherwise (GET by default), templates kept as one name', () => {
    expect(requestName({ url: '/v3/users' })).toBe('GET /v3/users');
    expect(requestName({ method: 'DELETE', url: '/v3/users/${userId}' })).toBe('DELETE /v3/users/${userId}');
    expect(requestName({ method: 'POST', url: 'https://api.test/x?a=1' })).toBe('POST https://api.test/x?a=1');
  });
});

describe('checkName', () => {
  it('uses the name of any check kind when given', () => {
    const named: Check[] = [
      { status: 200, name: 'ok' },
      { header: 'Location', name: 'ok' },
      { jsonPath: '$.id', name: 'ok' },
      { body: { contains: 'x' }, name: 'ok' },
      { duration: { lt: '1s' }, name: 'ok' },
    ];
    for (const c of named) expect(checkName(c)).toBe('ok');
  });

  it('status: a code, a class, a list, a range', () => {
    expect(checkName({ status: 200 })).toBe('status is 200');
    expect(checkName({ status: '2xx' })).toBe('status is 2xx');
    expect(checkName({ status: [200, 201, 204] })).toBe('status is 200 or 201 or 204');
    expect(checkName({ status: { min: 200, max: 299 } })).toBe('status in 200-299');
  });

  it('header: exists, absent, equals, contains, matches, combined', () => {
    expect(checkName({ header: 'Location' })).toBe('header Location exists');
    expect(checkName({ header: 'Location', exists: true })).toBe('header Location exists');
    expect(checkName({ header: 'X-Debug', exists: false })).toBe('header X-Debug is absent');
    expect(checkName({ header: 'Content-Type', equals: 'application/json' })).toBe(
      'header Content-Type == "application/json"',
    );
    expect(checkName({ header: 'Content-Type', contains: 'json' })).toBe('header Content-Type contains "json"');
    expect(checkName({ header: 'Location', matches: '^/v3/orgs/\\d+$' })).toBe(
      'header Location matches /^/v3/orgs/\\d+$/',
    );
    expect(checkName({ header: 'Content-Type', contains: 'json', matches: 'utf-8' })).toBe(
      'header Content-Type contains "json" and matches /utf-8/',
    );
  });

  it('jsonPath: exists, absent and every operator', () => {
    expect(checkName({ jsonPath: '$.results[0].id' })).toBe('$.results[0].id exists');
    expect(checkName({ jsonPath: '$.id', exists: true })).toBe('$.id exists');
    expect(checkName({ jsonPath: '$.error', exists: false })).toBe('$.error is absent');
    expect(checkName({ jsonPath: '$.status', equals: 'ok' })).toBe('$.status == "ok"');
    expect(checkName({ jsonPath: '$.count', equals: 3 })).toBe('$.count == 3');
    expect(checkName({ jsonPath: '$.flag', equals: true })).toBe('$.flag == true');
    expect(checkName({ jsonPath: '$.v', equals: null })).toBe('$.v == null');
    expect(checkName({ jsonPath: '$.o', equals: { a: [1] } })).toBe('$.o == {"a":[1]}');
    expect(checkName({ jsonPath: '$.status', notEquals: 'error' })).toBe('$.status != "error"');
    expect(checkName({ jsonPath: '$.n', gt: 1 })).toBe('$.n > 1');
    expect(checkName({ jsonPath: '$.n', gte: 2 })).toBe('$.n >= 2');
    expect(checkName({ jsonPath: '$.n', lt: 3 })).toBe('$.n < 3');
    expect(checkName({ jsonPath: '$.n', lte: 4.5 })).toBe('$.n <= 4.5');
    expect(checkName({ jsonPath: '$.tags', contains: 'admin' })).toBe('$.tags contains "admin"');
    expect(checkName({ jsonPath: '$.email', matches: '@' })).toBe('$.email matches /@/');
    expect(checkName({ jsonPath: '$.results', length: 10 })).toBe('$.results has length 10');
    expect(checkName({ jsonPath: '$.results', length: 0 })).toBe('$.results has length 0');
    expect(checkName({ jsonPath: '$.n', gte: 1, lte: 9 })).toBe('$.n >= 1 and <= 9');
  });

  it('body: each operator, combined, and an empty body check', () => {
    expect(checkName({ body: { contains: 'Welcome' } })).toBe('body contains "Welcome"');
    expect(checkName({ body: { notContains: 'error' } })).toBe('body does not contain "error"');
    expect(checkName({ body: { matches: '^\\{' } })).toBe('body matches /^\\{/');
    expect(checkName({ body: { equals: 'OK' } })).toBe('body == "OK"');
    expect(checkName({ body: { contains: 'a', notContains: 'b' } })).toBe('body contains "a" and does not contain "b"');
    expect(checkName({ body: {} })).toBe('body is present');
  });

  it('duration: lt and lte, normalised the way summaries write durations', () => {
    expect(checkName({ duration: { lt: '500ms' } })).toBe('duration < 500ms');
    expect(checkName({ duration: { lte: '1s' } })).toBe('duration <= 1s');
    expect(checkName({ duration: { lt: '1500ms' } })).toBe('duration < 1.5s');
    expect(checkName({ duration: { lt: '90s' } })).toBe('duration < 1m30s');
    // both bounds are checked, so both are named
    expect(checkName({ duration: { lt: '200ms', lte: '300ms' } })).toBe('duration < 200ms and <= 300ms');
  });

  it('gives different checks different names (they are separate rows in the summary)', () => {
    const checks: Check[] = [
      { status: 200 },
      { status: 201 },
      { status: [200, 201] },
      { header: 'A' },
      { header: 'A', exists: false },
      { jsonPath: '$.a' },
      { jsonPath: '$.a', exists: false },
      { jsonPath: '$.a', equals: 1 },
      { jsonPath: '$.a', equals: '1' },
      { body: { contains: 'a' } },
      { body: { notContains: 'a' } },
      { duration: { lt: '1s' } },
      { duration: { lte: '1s' } },
    ];
    const names = checks.map(checkName);
    expect(new Set(names).size).toBe(names.length);
  });
});
