import { describe, expect, it } from 'vitest';
import { compileJsonPath, JsonPathSyntaxError, MAX_FILTER_DEPTH, MAX_PATH_LENGTH } from './index.ts';

/** Goessner's bookstore, the document every JSONPath implementation is compared on. */
const bookstore = {
  store: {
    book: [
      { category: 'reference', author: 'Nigel Rees', title: 'Sayings of the Century', price: 8.95 },
      { category: 'fiction', author: 'Evelyn Waugh', title: 'Sword of Honour', price: 12.99 },
      { category: 'fiction', author: 'Herman Melville', title: 'Moby Dick', isbn: '0-553-21311-3', price: 8.99 },
      {
        category: 'fiction',
        author: 'J. R. R. Tolkien',
        title: 'The Lord of the Rings',
        isbn: '0-395-19395-8',
        price: 22.99,
      },
    ],
    bicycle: { color: 'red', price: 19.95 },
  },
  expensive: 10,
};
const books = bookstore.store.book;
const titles = (...i: number[]): string[] => i.map((n) => books[n]?.title ?? '?');
const q = (path: string, doc: unknown = bookstore): unknown[] => compileJsonPath(path).query(doc);

describe('Goessner bookstore', () => {
  it.each([
    ['$.store.book[*].author', books.map((b) => b.author)],
    ['$..author', books.map((b) => b.author)],
    ['$.store.*', [bookstore.store.book, bookstore.store.bicycle]],
    ['$.store..price', [8.95, 12.99, 8.99, 22.99, 19.95]],
    ['$..book[2]', [books[2]]],
    ['$..book[-1]', [books[3]]],
    ['$..book[0,1]', [books[0], books[1]]],
    ['$..book[:2]', [books[0], books[1]]],
    ['$..book[?(@.isbn)].title', titles(2, 3)],
    ['$..book[?(@.price<10)].title', titles(0, 2)],
    ['$..book[?@.price < 10].title', titles(0, 2)],
    ['$..book[?(@.price > $.expensive)].title', titles(1, 3)],
    ["$..book[?@.category == 'fiction' && !(@.price > 20)].title", titles(1, 2)],
    ["$..book[?(@.author == 'Nigel Rees' || @['isbn'] == '0-395-19395-8')].title", titles(0, 3)],
    ['$..book[?!@.isbn].title', titles(0, 1)],
    ["$['store']['bicycle']['color']", ['red']],
    ['$["store"].bicycle["color","price"]', ['red', 19.95]],
    ['$.store.book[1:3].price', [12.99, 8.99]],
    ['$.store.book[::-1].price', [22.99, 8.99, 12.99, 8.95]],
    ['$.store.book[::2].title', titles(0, 2)],
    ['$.store.book[-2:].title', titles(2, 3)],
    ['$', [bookstore]],
  ])('%s', (path, expected) => {
    expect(q(path)).toEqual(expected);
  });

  it('$..* visits every member and element below the root in document order', () => {
    const all = q('$..*');
    expect(all).toHaveLength(28); // store, expensive, book, bicycle, 4 books, 4+4+5+5 book fields, 2 bicycle fields
    expect(all.slice(0, 3)).toEqual([bookstore.store, 10, books]);
    expect(all.filter((v) => typeof v === 'number')).toEqual([10, 8.95, 12.99, 8.99, 22.99, 19.95]);
  });

  it('first() returns the first match or undefined', () => {
    expect(compileJsonPath('$..price').first(bookstore)).toBe(8.95);
    expect(compileJsonPath('$..nope').first(bookstore)).toBeUndefined();
    expect(compileJsonPath('$.results[0].id').first({ results: [{ id: 0 }] })).toBe(0);
  });

  it('keeps its source', () => {
    expect(compileJsonPath('$.a').source).toBe('$.a');
  });
});

describe('edge cases', () => {
  it('missing keys and out-of-range indexes give an empty result', () => {
    expect(q('$.nope')).toEqual([]);
    expect(q('$.store.nope.deeper[0]')).toEqual([]);
    expect(q('$.store.book[10]')).toEqual([]);
    expect(q('$.store.book[-10]')).toEqual([]);
    expect(q('$.store.book[5:9]')).toEqual([]);
    expect(q('$.store.book[0:4:0]')).toEqual([]);
  });

  it('selectors on the wrong kind of value select nothing', () => {
    expect(q('$.a', [1, 2])).toEqual([]);
    expect(q('$[0]', { 0: 'x' })).toEqual([]);
    expect(q("$['0']", { 0: 'x' })).toEqual(['x']);
    for (const doc of [null, 42, 'text', true, undefined]) {
      for (const path of ['$.a', '$[*]', '$..a', '$[?@]', '$[0:2]'])
        expect(compileJsonPath(path).query(doc)).toEqual([]);
    }
    expect(q('$[0]', 'text')).toEqual([]);
  });

  it('returns null and false values as matches', () => {
    expect(q('$.a', { a: null })).toEqual([null]);
    expect(q('$[*]', [false, 0, ''])).toEqual([false, 0, '']);
    expect(q('$[?@.x]', [{ x: null }, { y: 1 }])).toEqual([{ x: null }]);
  });

  it('handles arrays of arrays', () => {
    const doc = [[1, 2], [3, [4, 5]], []];
    expect(q('$[1][1][0]', doc)).toEqual([4]);
    expect(q('$[*][0]', doc)).toEqual([1, 3]);
    expect(q('$[*][-1]', doc)).toEqual([2, [4, 5]]);
    expect(q('$..[0]', doc)).toEqual([[1, 2], 1, 3, 4]);
    expect(q('$..[*]', [[1], [2]])).toEqual([[1], [2], 1, 2]);
    expect(q('$[?@[0] > 1]', doc)).toEqual([[3, [4, 5]]]);
    expect(q('$[?@ > 1]', [1, 2, 3])).toEqual([2, 3]);
  });

  it('filters object members too, and unions keep order and duplicates', () => {
    expect(q('$[?@ > 1]', { a: 1, b: 2, c: 3 })).toEqual([2, 3]);
    expect(q('$[0,0,-1]', ['a', 'b'])).toEqual(['a', 'a', 'b']);
    expect(q("$['b','a']", { a: 1, b: 2 })).toEqual([2, 1]);
    expect(q('$[1, ::2]', [0, 1, 2, 3])).toEqual([1, 0, 2]);
  });

  it('compares with RFC 9535 semantics', () => {
    const doc = [{ v: 1 }, { v: '1' }, { v: null }, { v: [1, { a: 2 }] }, {}, { v: true }];
    expect(q('$[?@.v == 1]', doc)).toEqual([doc[0]]); // no type coercion
    expect(q("$[?@.v == '1']", doc)).toEqual([doc[1]]);
    expect(q('$[?@.v == null]', doc)).toEqual([doc[2]]); // null is not absent
    expect(q('$[?@.v == $.nope]', doc)).toEqual([doc[4]]); // absent == absent
    expect(q('$[?@.v != 1]', doc)).toHaveLength(5);
    expect(q('$[?@.v == $[3].v]', doc)).toEqual([doc[3]]); // deep equality of arrays and objects
    expect(q('$[?@.v < 2]', doc)).toEqual([doc[0]]); // only numbers order against numbers
    expect(q("$[?@.v >= '1']", doc)).toEqual([doc[1]]);
    expect(q('$[?@.v <= $.nope]', doc)).toEqual([doc[4]]);
    expect(q('$[?@.v == true]', doc)).toEqual([doc[5]]);
    expect(q('$[?@.n == -1.5e0]', [{ n: -1.5 }, { n: 1.5 }])).toEqual([{ n: -1.5 }]);
  });

  it('parses escapes in quoted names and odd member names', () => {
    expect(q("$['it\\'s']", { "it's": 1 })).toEqual([1]);
    expect(q('$["a\\"b"]', { 'a"b': 2 })).toEqual([2]);
    expect(q("$['\\u00e9']", { é: 3 })).toEqual([3]);
    expect(q("$['a.b']", { 'a.b': 4, a: { b: 5 } })).toEqual([4]);
    expect(q('$.content-type', { 'content-type': 'json' })).toEqual(['json']);
    expect(q('$.$ref', { $ref: '#/x' })).toEqual(['#/x']);
    expect(q('$.été', { été: 6 })).toEqual([6]);
    expect(q(' $ .a [ 0 ] ', { a: [7] })).toEqual([7]);
  });

  it('walks deep documents without overflowing the stack', () => {
    let doc: unknown = { leaf: 'bottom' };
    for (let i = 0; i < 100_000; i++) doc = { next: doc };
    expect(q('$..leaf', doc)).toEqual(['bottom']);
  });
});

describe('security: plain data only', () => {
  it('never reads inherited properties, prototypes or methods', () => {
    const doc = { a: { b: 1 }, list: [1, 2] };
    for (const path of [
      '$.constructor',
      '$.__proto__',
      '$.a.toString',
      '$.a.hasOwnProperty',
      '$.list.length',
      '$.list.map',
      "$['constructor']['prototype']",
      '$..constructor',
      '$[?@.constructor]',
      '$.list[?@.toFixed]',
    ]) {
      expect(q(path, doc)).toEqual([]);
    }
  });

  it('reads own keys named like prototype machinery as data only', () => {
    const doc = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": "own"}') as unknown;
    expect(q('$.constructor', doc)).toEqual(['own']);
    expect(q('$.__proto__.polluted', doc)).toEqual([1]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('never calls getters and treats class instances, Maps and Dates as leaves', () => {
    let called = false;
    const doc = {
      get secret(): string {
        called = true;
        return 'x';
      },
      date: new Date(0),
      map: new Map([['a', 1]]),
    };
    expect(q('$.secret', doc)).toEqual([]);
    expect(q('$..*', doc)).toEqual([doc.date, doc.map]);
    expect(q('$.date.getTime', doc)).toEqual([]);
    expect(q('$.map.a', doc)).toEqual([]);
    expect(called).toBe(false);
  });

  it('caps path length and filter nesting', () => {
    expect(() => compileJsonPath('$' + '.a'.repeat(MAX_PATH_LENGTH))).toThrow(/longer than/);
    const nested = '$[?' + '('.repeat(MAX_FILTER_DEPTH + 1) + '@.a' + ')'.repeat(MAX_FILTER_DEPTH + 1) + ']';
    expect(() => compileJsonPath(nested)).toThrow(/nested too deeply/);
    const filters = '$' + '[?@'.repeat(MAX_FILTER_DEPTH + 1) + ']'.repeat(MAX_FILTER_DEPTH + 1);
    expect(() => compileJsonPath(filters)).toThrow(/nested too deeply/);
    expect(() => compileJsonPath('$[?' + '!('.repeat(1000) + '@.a' + ')'.repeat(1000) + ']')).toThrow(
      /nested too deeply/,
    );
    expect(
      compileJsonPath('$[?' + Array.from({ length: 500 }, () => '@.a').join(' && ') + ']').query([{ a: 1 }, {}]),
    ).toEqual([{ a: 1 }]);
  });
});

describe('syntax errors name the problem and where it is', () => {
  it.each([
    ['', 0, "starts with '$'"],
    ['store.book', 0, "starts with '$'"],
    ['@.a', 0, "starts with '$'"],
    ['$.', 2, "expected a name or * after '.'"],
    ['$..', 3, "after '..'"],
    ['$.0', 2, 'for an array index write [0]'],
    ['$[', 2, 'inside [ ]'],
    ['$[]', 2, 'empty brackets'],
    ['$[1', 3, "expected ',' or ']'"],
    ['$[1 2]', 4, "expected ',' or ']'"],
    ["$['a", 2, 'never closed'],
    ["$['a\\x']", 4, 'unknown escape'],
    ['$[-]', 3, "digits after '-'"],
    ['$[99999999999999999999]', 2, 'too large'],
    ['$ x', 2, "unexpected 'x'"],
    ['$.a b', 4, "unexpected 'b'"],
    ['$[?(@.a = 1)]', 8, "use '=='"],
    ['$[?(@.a == 1]', 12, "expected ')'"],
    ['$[?1]', 3, 'a value alone is not a condition'],
    ['$[?@.* == 1]', 3, 'a comparison needs a single value'],
    ['$[?@..a == 1]', 3, 'a comparison needs a single value'],
    ['$[?1 == @[0:1]]', 8, 'a comparison needs a single value'],
    ['$[?!@.a == 1]', 4, "'!' applies to"],
    ['$[?!1]', 4, 'expected a path'],
    ['$[?@.a == ]', 10, 'expected a value'],
    ['$[?@.a == foo]', 10, 'expected a value'],
  ])('%j', (path, offset, message) => {
    let error: unknown;
    try {
      compileJsonPath(path);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JsonPathSyntaxError);
    expect((error as JsonPathSyntaxError).message).toContain(message);
    expect((error as JsonPathSyntaxError).offset).toBe(offset);
  });
});
