/**
 * The fast plan reader (engine/plan/block-yaml.ts) against the yaml library's reading (what plan/source.ts did for
 * every plan, and still does for what the fast reader leaves): for any text, the fast reader either gives up, or
 * gives the very value the library gives, and never accepts a text the library refuses. Texts: the example plans,
 * plans the exporter writes, plan documents generated after the schema written as YAML in block, flow and mixed
 * styles, raw edits of the examples, and scalars of every kind. A larger run by hand:
 *   LOADSMITH_FUZZ_RUNS=20000 LOADSMITH_FUZZ_SEED=$RANDOM npx vitest run tests/fuzz/block-yaml-fuzz.test.ts
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { parseDocument, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readBlockYaml } from '../../engine/plan/block-yaml.ts';
import { yamlValue } from '../../engine/plan/yaml-value.ts';
import { planToYaml } from '../../engine/convert/plan-yaml.ts';
import { parsePlan, type Plan } from '../../engine/plan/index.ts';
import { planDocument } from './plan-arbitrary.ts';
import { EXAMPLES } from './examples.ts';
import { mutatedText } from './text-mutations.ts';

const SEED = Number(process.env.LOADSMITH_FUZZ_SEED ?? 20_261_127);
const RUNS = Number(process.env.LOADSMITH_FUZZ_RUNS ?? 1500);

/** The yaml library's reading, as plan/source.ts makes it: the value, or undefined when it refuses the text. */
function library(text: string): { value: unknown } | undefined {
  const doc = parseDocument(text, { version: '1.2', schema: 'core', uniqueKeys: false });
  if (doc.errors.length > 0) return undefined;
  const { value, issues } = yamlValue(doc, () => ({ line: 1, column: 1 }));
  return issues.length > 0 ? undefined : { value };
}

const tally = { read: 0, left: 0 };
/** The property: the fast reader gives up, or agrees with the library (which must have accepted the text). */
function agrees(text: string): void {
  const fast = readBlockYaml(text);
  if (fast === undefined) {
    tally.left++;
    return;
  }
  tally.read++;
  const lib = library(text);
  expect(lib, `the library refuses what the fast reader read:\n${text.slice(0, 2000)}`).toBeDefined();
  // Node's deep equality: own properties and prototypes, as toStrictEqual, but a key named `constructor` is a key
  // (vitest compares two values' `constructor` properties as their types). A failure shows vitest's diff first.
  if (!isDeepStrictEqual(fast.value, lib!.value)) expect(fast.value, text.slice(0, 2000)).toEqual(lib!.value);
  expect(isDeepStrictEqual(fast.value, lib!.value), text.slice(0, 2000)).toBe(true);
}

describe('the fast plan reader reads what the yaml library reads, or leaves it to the library', () => {
  it('reads the example plans and what the exporter writes, as the library does', () => {
    for (const text of EXAMPLES) {
      expect(readBlockYaml(text), text.slice(0, 200)).toBeDefined();
      agrees(text);
    }
    for (const text of EXAMPLES) {
      const exported = planToYaml(parsePlan(text).plan as Plan);
      expect(readBlockYaml(exported), exported.slice(0, 200)).toBeDefined();
      agrees(exported);
    }
  });

  it('scalars of every kind, in block and flow positions', () => {
    const scalars = [
      ...['~', 'null', 'Null', 'NULL', 'nUll', 'true', 'True', 'TRUE', 'tRue', 'false', 'FALSE', 'yes', 'no', 'on'],
      ...['0', '-0', '+0', '007', '0o17', '0o8', '0x1F', '0X1F', '0xg', '12345678901234567890', '1_000', '+12', '-'],
      ...['1.5', '.5', '5.', '-.5', '1e3', '1E-3', '.1e+2', '1.2.3', '.inf', '-.Inf', '+.INF', '.nan', '.NaN', 'NaN'],
      ...['15s', '500ms', '2024-01-01', '10:30', 'a:b', 'http://h:8080/p?q=1#f', 'x #y', 'x#y', 'a, b', 'a]b'],
      ...['"q"', "'q'", '"a\\"b"', '"\\u00e9\\n\\t\\\\"', '"\\x41\\U0001F600"', '"\\e"', "'it''s'", '"', "'", '"a'],
      ...['${env.BASE_URL}', '${vu}-${iter}', '$${x}', '@x', '`x`', '%x', '!x', '&a x', '*a', '? x', ': x', '- x', '|'],
      ...[
        '>',
        '[a, b]',
        '[a, [b, {c: d}]]',
        '{a: 1, "b": [2]}',
        '{"a":1}',
        '{a:1}',
        '[a, ]',
        '[]',
        '{}',
        '[ ]',
        'é ü 中',
      ],
    ];
    for (const s of scalars) {
      agrees(`version: 1\nkey: ${s}\n`);
      agrees(`version: 1\nkey: [${s}]\n`);
      agrees(`version: 1\nkey: { k: ${s} }\n`);
      agrees(`version: 1\nlist:\n  - ${s}\n  - ${s} # comment\n`);
      agrees(`version: 1\n${s}: value\n`);
    }
  });

  it('block structures: compact lists, nested lists, literal blocks, comments, document markers', () => {
    const texts = [
      'a:\n- 1\n- 2\nb: 3\n',
      'a:\n  - x: 1\n    y: 2\n  -\n    z: 3\n  - # c\n    w: 4\n',
      'a:\n  - - 1\n',
      'a: |\n  line 1\n\n  line 3\n\nb: 1\n',
      'a: |-\n  x\n  y\n',
      'a: |+\n  x\n\n',
      'a: >\n  x\n  y\n',
      'a: |2\n   x\n',
      'a: |\n    deeper\n  less\n',
      'a: |\n  x\n   y\n # not content\nb: 2\n',
      '# head\n---\na: 1\n',
      '---\na: 1\n---\nb: 2\n',
      'a: 1\n...\n',
      'a:\n  b:\n    c: 1\n  d: 2\n',
      'a: 1\n  b: 2\n',
      'a: multi\n  line plain\n',
      'a: "multi\n  line"\n',
      'a: 1\na: 2\n',
      'a: &x 1\nb: *x\n',
      '"quoted key": 1\n\'single\': 2\n',
      'a: 1 # c\nb: # c\n  c: 2\n',
      '- 1\n',
      'a\n',
      '',
      '# only a comment\n',
      'a: 1\n\tb: 2\n',
      'a: 1\r\nb: 2\r\n',
    ];
    for (const t of texts) agrees(t);
  });

  it('reads long lines in time linear in their length (a body of escapes, a long plain value)', () => {
    const n = 1_500_000; // a 3 MB line of escapes, its closing quote at the end: ~15 s when each escape searched for it
    const colons = 'a:b'.repeat(500_000);
    const t0 = performance.now();
    const body = (readBlockYaml(`version: 1\nbody: "${'\\n'.repeat(n)}"\n`)?.value as { body?: string })?.body;
    const url = (readBlockYaml(`version: 1\nurl: ${colons}\n`)?.value as { url?: string })?.url;
    const ms = performance.now() - t0;
    // Booleans, not the strings: a failed comparison of megabytes would take minutes to show its diff.
    expect(body === '\n'.repeat(n)).toBe(true);
    expect(url === colons).toBe(true);
    expect(ms).toBeLessThan(2000); // a bound against a quadratic path, not a speed target
  });

  it(`plan documents generated after the schema, in every YAML style (${RUNS} runs)`, () => {
    const style = fc.constantFrom('block', 'flow-inner', 'json', 'plain-default');
    fc.assert(
      fc.property(planDocument, style, (doc, how) => {
        const text =
          how === 'json'
            ? JSON.stringify(doc, null, 2)
            : how === 'flow-inner'
              ? stringify(doc, { collectionStyle: 'block', flowCollectionPadding: true, lineWidth: 0 }).replace(
                  /^(\s+)(- )?(\w+): \n/gm,
                  '$1$2$3:\n',
                )
              : how === 'plain-default'
                ? stringify(doc)
                : stringify(doc, { lineWidth: 0, defaultStringType: 'PLAIN', defaultKeyType: 'PLAIN' });
        agrees(text);
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it(`raw edits of the example plans (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(mutatedText(EXAMPLES), (text) => agrees(text)),
      { seed: SEED + 1, numRuns: RUNS },
    );
    // Both kinds of outcome happened: the reader is neither always giving up nor never.
    expect(tally.read).toBeGreaterThan(RUNS / 4);
    expect(tally.left).toBeGreaterThan(RUNS / 20);
  });
});
