/**
 * A parsed plan's source keeps its syntax tree and its parsed value only weakly (source.ts): a run holds the source for
 * as long as it goes, and the tree of a 10,000-step plan is ~16 MB, its value ~2 MB (the validated plan is a copy).
 * A plan's values do not keep its text alive (block-yaml.ts). Measured in child processes that can force garbage
 * collection.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('./source.ts', import.meta.url));

// Parses a 10,000-step plan, lets the job end and collects garbage, then reports the heap the source still holds
// and where it locates a value, a key and a character in a string (parsing the text again if it must).
const CHILD = `
import { parsePlanSource } from ${JSON.stringify(SOURCE)};
const steps = Array.from({ length: 10000 }, (_, i) => '      - request: { name: "step ' + i + '", url: "/r/' + i + '" }').join('\\n');
const text = 'version: 1\\nname: n\\nscenarios:\\n  s:\\n    executor: constant-vus\\n    vus: 1\\n    duration: 1s\\n    steps:\\n' + steps + '\\n';
const settle = async () => { for (let i = 0; i < 3; i++) { await new Promise((r) => setTimeout(r, 0)); gc(); } };
await settle();
const before = process.memoryUsage().heapUsed;
let source = parsePlanSource(text, 'plan.yaml');
await settle();
const held = process.memoryUsage().heapUsed - before;
const where = (p) => p.line + ':' + p.column;
const path = ['scenarios', 's', 'steps', 9998, 'request', 'url'];
console.log(JSON.stringify({
  held,
  value: where(source.locate(path)),
  key: where(source.locate(path, { key: true })),
  inString: where(source.locateInString(path, 2)),
  steps: source.value.scenarios.s.steps.length,
}));
`;

/** What `code`, run in a child process that can force garbage collection, prints as JSON (it must print nothing else). */
function inChild<T>(code: string): T {
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', code], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as T;
}

describe('a parsed plan source', () => {
  it('does not keep the syntax tree or the value of a 10,000-step plan alive, and still locates errors and reads it', () => {
    const out = inChild<{ held: number; value: string; key: string; inString: string; steps: number }>(CHILD);
    expect(out.steps).toBe(10_000);
    // Step 9998 is on line 8 + 9999: its url's key at column 39, the value's opening quote at 44, "/r/9998"[2] at 47.
    expect(out).toMatchObject({ value: '10007:44', key: '10007:39', inString: '10007:47' });
    // Only the text (~0.5 MB) and the line index stay; holding the tree took ~19 MB, the value ~2 MB more.
    expect(out.held).toBeLessThan(1.5 * 2 ** 20);
  }, 90_000);
});

// Reads a plan whose text is mostly comments (~3.5 MB) and keeps only its value: its strings must not be views of the
// text (V8 keeps a slice of 13 characters or more as one), or the whole text stays alive with them.
const VALUES_ONLY = `
import { parsePlanSource } from ${JSON.stringify(SOURCE)};
const settle = async () => { for (let i = 0; i < 3; i++) { await new Promise((r) => setTimeout(r, 0)); gc(); } };
const read = () => {
  const note = '      # ' + 'recorded by the proxy; '.repeat(14) + '\\n';
  const steps = Array.from({ length: 10000 }, (_, i) =>
    note + '      - request:\\n          name: "GET /app/items/' + i + '"\\n          url: /app/items/' + i + '?page=1\\n',
  ).join('');
  const text = 'version: 1\\nname: n\\nscenarios:\\n  s:\\n    executor: constant-vus\\n    vus: 1\\n    duration: 1s\\n    steps:\\n' + steps;
  return { length: text.length, value: parsePlanSource(text, 'plan.yaml').value };
};
await settle();
const before = process.memoryUsage().heapUsed;
const { length, value } = read();
await settle();
const held = process.memoryUsage().heapUsed - before;
console.log(JSON.stringify({ held, length, url: value.scenarios.s.steps[9999].request.url }));
`;

describe("a plan's values", () => {
  it('do not keep the plan text alive', () => {
    const out = inChild<{ held: number; length: number; url: string }>(VALUES_ONLY);
    expect(out.url).toBe('/app/items/9999?page=1');
    expect(out.length).toBeGreaterThan(3.5 * 2 ** 20);
    // The 10,000 steps' objects and strings: ~2.5 MB. With the text they held ~6 MB.
    expect(out.held).toBeLessThan(3.5 * 2 ** 20);
  }, 90_000);
});
