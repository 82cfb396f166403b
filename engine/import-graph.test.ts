/**
 * The engine's import graph, whole: every folder has a layer (engine/layers.json), no file imports a layer above its
 * own or a sibling in its layer, nothing imports outside engine/, and no import cycle exists anywhere, type-only and
 * lazy `import()` included (a cycle ties files into one piece a reader cannot take apart, as exchange.ts and the
 * fast client's files once were). eslint.config.js checks the order file by file while editing
 * (scripts/eslint-engine-layers.js); this test sees the graph, which is where cycles show. Test files keep the
 * order too; they alone may use the repository's fixtures (tests/), and nothing imports them, so no cycle runs
 * through one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import layers from './layers.json' with { type: 'json' };

const ENGINE = dirname(fileURLToPath(import.meta.url));
const rankOf = new Map(layers.layers.flatMap((names, rank) => names.map((name) => [name, rank] as const)));

/** The engine's TypeScript files, tests included, by path relative to engine/. */
function sources(): string[] {
  return readdirSync(ENGINE, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.startsWith('dist/') && !f.startsWith('node_modules/'),
    )
    .sort();
}

const isTest = (file: string): boolean => file.endsWith('.test.ts');

/** Each file's relative imports (import, import type, export ... from, import()), resolved relative to engine/. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ENGINE, file), 'utf8'), true, true);
    const targets = importedFiles
      .filter((i) => i.fileName.startsWith('.'))
      .map((i) =>
        relative(ENGINE, resolve(ENGINE, dirname(file), i.fileName))
          .split('\\')
          .join('/'),
      );
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Why an import from `file` to `target` (both relative to engine/) breaks the layer order; undefined if it does not. */
function violation(file: string, target: string): string | undefined {
  const from = file.split('/')[0] as string;
  const to = target.split('/')[0] as string;
  // This file checks the whole engine from beside layers.json: it has no layer of its own.
  if (from.endsWith('.test.ts')) return undefined;
  if (isTest(file) && target.startsWith('../tests/')) return undefined;
  if (target.startsWith('../')) return `${file} imports ${target}, outside engine/`;
  if (to === from || target === 'package.json' || target === 'layers.json') return undefined;
  const [a, b] = [rankOf.get(from), rankOf.get(to)];
  if (a === undefined || b === undefined)
    return `${file} > ${target}: engine/${a === undefined ? from : to} has no layer`;
  return b < a ? undefined : `${file} > ${target}: layer ${a + 1} imports layer ${b + 1}`;
}

/** Every cycle a depth-first walk meets, as the files around it ("a.ts > b.ts > a.ts"). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const walk = (file: string): void => {
    const at = path.indexOf(file);
    if (at >= 0) {
      found.push([...path.slice(at), file].join(' > '));
      return;
    }
    if (done.has(file)) return;
    path.push(file);
    for (const next of graph.get(file) ?? []) walk(next);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) walk(file);
  return found;
}

describe("the engine's import graph", () => {
  const files = sources();
  const graph = importGraph(files);

  it('reads the imports it checks (the walk is not vacuous)', () => {
    expect(graph.get('run/run-plan.ts')).toEqual(
      expect.arrayContaining(['runtime/coordinator.ts', 'outputs/streams.ts']),
    );
    expect(graph.get('runtime/http/exchange.ts')).toEqual(
      expect.arrayContaining(['runtime/http/exchange-state.ts', 'runtime/http/fast/client.ts']),
    );
    expect(graph.get('cli/commands.ts')).toEqual(expect.arrayContaining(['cli/commands/completion.ts'])); // import()
    expect(
      cycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', ['c.ts']],
          ['c.ts', ['a.ts']],
        ]),
      ),
    ).toEqual(['a.ts > b.ts > c.ts > a.ts']);
    expect(violation('plan/x.ts', 'metrics/y.ts')).toBe('plan/x.ts > metrics/y.ts: layer 3 imports layer 4');
    expect(violation('template/x.ts', 'jsonpath/y.ts')).toBe('template/x.ts > jsonpath/y.ts: layer 2 imports layer 2');
    expect(violation('metrics/x.ts', 'plan/y.ts')).toBeUndefined();
    expect(violation('report/html/x.ts', '../tests/fixtures/y.ts')).toMatch(/outside engine/);
    expect(violation('report/html/x.test.ts', '../tests/fixtures/y.ts')).toBeUndefined();
    expect(violation('report/html/x.test.ts', 'cli/y.ts')).toBe(
      'report/html/x.test.ts > cli/y.ts: layer 6 imports layer 8',
    );
  });

  it('places every folder of the engine in exactly one layer', () => {
    const tops = [...new Set(files.map((f) => f.split('/')[0] as string))].filter((t) => !isTest(t)).sort();
    expect(tops.filter((t) => !rankOf.has(t))).toEqual([]);
    const named = layers.layers.flat();
    expect(named.filter((n, i) => named.indexOf(n) !== i)).toEqual([]);
    expect(named.filter((n) => !tops.includes(n))).toEqual([]);
  });

  it('imports only from lower layers, never from above, a sibling or outside engine/ (tests: but fixtures)', () => {
    const broken = [...graph].flatMap(([file, targets]) =>
      targets.map((t) => violation(file, t)).filter((v) => v !== undefined),
    );
    expect(broken).toEqual([]);
  });

  it('has no cycle, type-only and lazy imports included', () => {
    expect(cycles(graph)).toEqual([]);
    expect([...graph.values()].flat().filter(isTest)).toEqual([]);
  });

  it("keeps the HTTP layer's shared types in runtime/http/types.ts, which imports nothing", () => {
    expect(graph.get('runtime/http/types.ts')).toEqual([]);
    expect(graph.get('runtime/http/fast/request.ts')).toEqual(expect.arrayContaining(['runtime/http/types.ts']));
  });

  it("matches docs/architecture.md's layer table", () => {
    const doc = readFileSync(join(ENGINE, '..', 'docs', 'architecture.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| (\d+) \| ([^|]+) \|/gm)].map((m) => [
      Number(m[1]),
      [...(m[2] as string).matchAll(/`([^`]+)`/g)].map((n) => (n[1] as string).replace(/\/$/, '')),
    ]);
    expect(rows).toEqual(layers.layers.map((names, rank) => [rank + 1, names]));
  });
});
