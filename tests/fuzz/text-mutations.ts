/**
 * Raw edits of plan text, as a careless hand, a broken editor or an attacker would make them: bytes and YAML
 * syntax inserted, removed or replaced anywhere, lines duplicated, swapped, re-indented, nested deep, aliased, the
 * text cut short.
 */
import fc from 'fast-check';

/** Snippets that mean something to YAML (or to our templates): the likely ways to reach new paths. */
const SNIPPETS = [
  ':',
  ': ',
  '- ',
  '[',
  ']',
  '{',
  '}',
  ',',
  '&a ',
  '*a',
  '&b ',
  '*b',
  '!!str ',
  '!!map ',
  '!tag ',
  '? ',
  '|',
  '>-',
  '"',
  "'",
  '#',
  '\t',
  '\n',
  ' ',
  '  ',
  '${',
  '}',
  '\\',
  '\u0000',
  '\uFEFF',
  '\r\n',
  '\r',
  '%YAML 1.1\n---\n',
  '---\n',
  '...\n',
  '<<: *a\n',
  '~',
  'null',
  '0x1F',
  '.inf',
  '1e400',
  '__proto__: ',
  'constructor: ',
  '\u2028',
  '😀',
  '${vu',
  'steps: ',
  'request: ',
  'group: ',
  'url: ',
  '*a, *a, *a, *a',
] as const;

type Edit =
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'replace'; at: number; text: string }
  | { kind: 'duplicate-line' | 'drop-line'; line: number }
  | { kind: 'swap-lines'; line: number; other: number }
  | { kind: 'indent'; line: number; by: number }
  | { kind: 'nest'; at: number; depth: number; open: '[' | '{"a":' | '- ' }
  | { kind: 'alias'; line: number; other: number }
  | { kind: 'truncate'; at: number };

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SNIPPETS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...SNIPPETS), fc.integer({ min: 2, max: 300 })).map(([s, n]) => s.repeat(n)),
  },
);

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('delete' as const),
      at: fc.nat(),
      length: fc.integer({ min: 1, max: 20 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), text }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constantFrom('duplicate-line' as const, 'drop-line' as const), line: fc.nat() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('swap-lines' as const), line: fc.nat(), other: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('indent' as const), line: fc.nat(), by: fc.integer({ min: -4, max: 4 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('nest' as const),
      at: fc.nat(),
      depth: fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 200, max: 3000 })),
      open: fc.constantFrom('[' as const, '{"a":' as const, '- ' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('alias' as const), line: fc.nat(), other: fc.nat() }) },
);

/** One of `sources`, edited up to five times. */
export function mutatedText(sources: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...sources), fc.array(edit, { minLength: 1, maxLength: 5 }))
    .map(([source, edits]) => edits.reduce(apply, source));
}

function apply(source: string, e: Edit): string {
  const at = 'at' in e ? e.at % (source.length + 1) : 0;
  const lines = source.split('\n');
  const line = 'line' in e ? e.line % lines.length : 0;
  switch (e.kind) {
    case 'insert':
      return source.slice(0, at) + e.text + source.slice(at);
    case 'delete':
      return source.slice(0, at) + source.slice(at + e.length);
    case 'replace':
      return source.slice(0, at) + e.text + source.slice(at + e.text.length);
    case 'duplicate-line':
      lines.splice(line, 0, lines[line] ?? '');
      return lines.join('\n');
    case 'drop-line':
      lines.splice(line, 1);
      return lines.join('\n');
    case 'swap-lines': {
      const other = e.other % lines.length;
      [lines[line], lines[other]] = [lines[other] ?? '', lines[line] ?? ''];
      return lines.join('\n');
    }
    case 'indent':
      lines[line] =
        e.by >= 0
          ? ' '.repeat(e.by) + (lines[line] ?? '')
          : (lines[line] ?? '').replace(new RegExp(`^ {0,${-e.by}}`), '');
      return lines.join('\n');
    case 'nest': {
      const close = e.open === '[' ? ']' : e.open === '- ' ? '' : '}';
      return `${source.slice(0, at)}${e.open.repeat(e.depth)}1${close.repeat(e.depth)}${source.slice(at)}`;
    }
    case 'truncate':
      return source.slice(0, at);
    case 'alias': {
      // An anchor on the value of one `key: value` line and an alias as the value of another (before, after or inside it).
      const other = e.other % lines.length;
      const anchored = (lines[line] ?? '').replace(/: /, ': &x ');
      lines[line] = anchored;
      lines[other] = (lines[other] ?? '').replace(/: .*$/, ': *x');
      return lines.join('\n');
    }
  }
}
