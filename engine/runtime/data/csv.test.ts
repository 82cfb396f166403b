import { describe, expect, it } from 'vitest';
import { CsvError, parseCsv } from './csv.ts';

function errorOf(fn: () => unknown): CsvError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CsvError) return err;
    throw err;
  }
  throw new Error('expected a CsvError');
}

describe('parseCsv', () => {
  it('maps records to objects keyed by the header', () => {
    const t = parseCsv('id,name\n1,ann\n2,bob\n');
    expect(t.columns).toEqual(['id', 'name']);
    expect(t.rows).toEqual([
      { id: '1', name: 'ann' },
      { id: '2', name: 'bob' },
    ]);
  });

  it('accepts CRLF, LF, mixed line endings and no trailing newline', () => {
    expect(parseCsv('a,b\r\n1,2\r\n3,4').rows).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: '4' },
    ]);
    expect(parseCsv('a,b\n1,2\r\n3,4\n').rows).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: '4' },
    ]);
  });

  it('strips a UTF-8 BOM from the first column name', () => {
    const t = parseCsv('\uFEFFemail,pw\nx@y,1\n');
    expect(t.columns).toEqual(['email', 'pw']);
    expect(t.rows[0]).toEqual({ email: 'x@y', pw: '1' });
  });

  it('skips empty lines anywhere, including several trailing ones', () => {
    const t = parseCsv('\n\na\n1\n\n\r\n2\n\n\n');
    expect(t.rows).toEqual([{ a: '1' }, { a: '2' }]);
  });

  it('handles quoted fields with delimiters, "" escapes and embedded newlines', () => {
    const t = parseCsv('q,n\n"a,b","say ""hi"""\n"line1\nline2\r\nline3",x\n"",""\n');
    expect(t.rows).toEqual([
      { q: 'a,b', n: 'say "hi"' },
      { q: 'line1\nline2\r\nline3', n: 'x' },
      { q: '', n: '' },
    ]);
  });

  it('keeps empty fields and does not trim values', () => {
    const t = parseCsv('a,b,c\n, x ,\n');
    expect(t.rows).toEqual([{ a: '', b: ' x ', c: '' }]);
  });

  it('keeps a stray quote inside an unquoted field literally', () => {
    expect(parseCsv('size\n5" screen\n').rows).toEqual([{ size: '5" screen' }]);
  });

  it('supports another delimiter, and quotes protect it', () => {
    const t = parseCsv('a;b\n1,5;"x;y"\n', { delimiter: ';' });
    expect(t.rows).toEqual([{ a: '1,5', b: 'x;y' }]);
    expect(parseCsv('a\tb\n1\t2\n', { delimiter: '\t' }).rows).toEqual([{ a: '1', b: '2' }]);
  });

  it('rejects invalid delimiters', () => {
    expect(() => parseCsv('a\n', { delimiter: '"' })).toThrow(/delimiter/);
    expect(() => parseCsv('a\n', { delimiter: ';;' })).toThrow(/delimiter/);
  });

  it('returns no rows for a header-only file', () => {
    expect(parseCsv('a,b\n')).toEqual({ columns: ['a', 'b'], rows: [] });
  });

  it('stores "__proto__" as an own column, not a prototype', () => {
    const row = parseCsv('__proto__,b\nx,y\n').rows[0];
    expect(Object.keys(row ?? {})).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });
});

describe('parseCsv errors', () => {
  it('reports a row with too many fields at the first surplus field, with file:line:column', () => {
    const err = errorOf(() => parseCsv('a,b,c\n1,2,3\n1,2,3,4\n', { file: 'users.csv' }));
    expect(err.message).toBe('users.csv:3:7: row has 4 fields, the header has 3');
    expect([err.line, err.column]).toEqual([3, 7]);
  });

  it('reports a row with too few fields at its end', () => {
    const err = errorOf(() => parseCsv('a,b,c\n1,2\n', { file: 'u.csv' }));
    expect(err.message).toBe('u.csv:2:4: row has 2 fields, the header has 3');
  });

  it('counts lines inside quoted fields and skipped empty lines', () => {
    const err = errorOf(() => parseCsv('a,b\n"x\ny",1\n\n1\n'));
    expect(err.line).toBe(5);
    expect(err.message).toMatch(/^line 5, column 2: row has 1 field, the header has 2$/);
  });

  it('reports an unterminated quote where it opened', () => {
    const err = errorOf(() => parseCsv('a,b\n1,"open\n2,3\n', { file: 'd.csv' }));
    expect([err.line, err.column]).toEqual([2, 3]);
    expect(err.message).toMatch(/^d\.csv:2:3: unterminated quoted field/);
  });

  it('rejects text after a closing quote', () => {
    const err = errorOf(() => parseCsv('a\n"x"y\n'));
    expect([err.line, err.column]).toEqual([2, 4]);
  });

  it('counts columns from the last line break inside a quoted field', () => {
    const err = errorOf(() => parseCsv('a,b\n"x\r\ny"z,1\n'));
    expect([err.line, err.column]).toEqual([3, 3]);
  });

  it('rejects empty and duplicate header names, located at the column', () => {
    const dup = errorOf(() => parseCsv('id,name,id\n1,2,3\n', { file: 'h.csv' }));
    expect(dup.message).toMatch(/^h\.csv:1:9: duplicate column name "id"/);
    const empty = errorOf(() => parseCsv('id,,x\n'));
    expect([empty.line, empty.column]).toEqual([1, 4]);
    expect(empty.message).toMatch(/no name/);
  });

  it('rejects an empty file', () => {
    expect(errorOf(() => parseCsv('')).message).toMatch(/empty/);
    expect(errorOf(() => parseCsv('\uFEFF\n\n')).line).toBe(1);
  });
});

describe('parseCsv performance', () => {
  it('parses 100k rows with quoted fields in well under a second', () => {
    const lines = ['id,email,note'];
    for (let i = 0; i < 100_000; i++) lines.push(`${i},user${i}@example.com,"hello, ""${i}"""`);
    const text = lines.join('\r\n');
    const t0 = performance.now();
    const t = parseCsv(text);
    const ms = performance.now() - t0;
    expect(t.rows).toHaveLength(100_000);
    expect(t.rows[99_999]).toEqual({ id: '99999', email: 'user99999@example.com', note: 'hello, "99999"' });
    expect(ms).toBeLessThan(1500);
  });

  it('parses one huge quoted field without quadratic work', () => {
    const big = 'x'.repeat(2_000_000);
    const t = parseCsv(`a\n"${big}"\n`);
    expect(t.rows[0]?.a?.length).toBe(2_000_000);
  });
});
