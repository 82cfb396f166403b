import { describe, expect, it } from 'vitest';
import { BUILTIN_NAMES, compileTemplate } from './index.ts';

describe('references', () => {
  it('lists every name a template reads, with kinds and offsets', () => {
    const source = '${orgPrefix} ${vu}:${iter} ${env.BASE_URL} ${data.users.email} ${scenario}';
    const t = compileTemplate(source);
    expect(t.constant).toBe(false);
    expect(t.references).toEqual([
      { kind: 'var', name: 'orgPrefix', hasDefault: false, offset: 2 },
      { kind: 'builtin', name: 'vu', hasDefault: false, offset: source.indexOf('vu') },
      { kind: 'builtin', name: 'iter', hasDefault: false, offset: source.indexOf('iter') },
      { kind: 'env', name: 'BASE_URL', hasDefault: false, offset: source.indexOf('env.') },
      { kind: 'data', name: 'users', column: 'email', hasDefault: false, offset: source.indexOf('data.') },
      { kind: 'builtin', name: 'scenario', hasDefault: false, offset: source.indexOf('scenario') },
    ]);
    expect(source.slice(t.references[4]?.offset, (t.references[4]?.offset ?? 0) + 16)).toBe('data.users.email');
  });

  it('marks references inside an expression with a default', () => {
    const t = compileTemplate('${env.HOST:-localhost}:${env.PORT} ${a + b:-x}');
    expect(t.references.map((r) => [r.name, r.hasDefault])).toEqual([
      ['HOST', true],
      ['PORT', false],
      ['a', true],
      ['b', true],
    ]);
  });

  it('finds references inside function arguments, members and index expressions', () => {
    const t = compileTemplate(
      "${upper(user.name)} ${list[idx]} ${data.rows['first name']} ${data.rows} ${randomItem(a, b)}",
    );
    expect(t.references.map((r) => `${r.kind}:${r.name}${r.column === undefined ? '' : '.' + r.column}`)).toEqual([
      'var:user',
      'var:list',
      'var:idx',
      'data:rows.first name',
      'data:rows',
      'var:a',
      'var:b',
    ]);
  });

  it('ignores escaped and literal text', () => {
    expect(compileTemplate("$${env.X} ${'env.Y'} ${now()}").references).toEqual([]);
  });

  it('exposes the builtin names', () => {
    expect(BUILTIN_NAMES).toEqual(['vu', 'iter', 'scenario']);
  });
});
