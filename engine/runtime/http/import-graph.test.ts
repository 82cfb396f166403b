/**
 * The HTTP layer's import graph has no cycle, type-only imports included: a cycle ties its files into one piece
 * a reader cannot take apart (as exchange.ts, exchange-state.ts and the fast client's files once were, through the
 * types exchange.ts held). The shared types live in types.ts, which imports nothing. eslint.config.js keeps the
 * order within the layer file by file; this test sees the whole graph.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const LAYER = dirname(fileURLToPath(import.meta.url));

/** The layer's source files (tests and their helpers aside), by path relative to the layer. */
function sources(): string[] {
  return readdirSync(LAYER, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('testing.ts'))
    .map((f) => f.split('\\').join('/'))
    .sort();
}

/** Each file's imports within the layer (import, import type, export ... from, import()). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const inLayer = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(LAYER, file), 'utf8'), true, true);
    const targets = importedFiles
      .filter((i) => i.fileName.startsWith('.'))
      .map((i) => relative(LAYER, resolve(LAYER, dirname(file), i.fileName)).split('\\').join('/'))
      .filter((t) => inLayer.has(t));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle a depth-first walk meets, as the files around it ("a.ts > b.ts > a.ts"). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const walk = (file: string): void => {
    const at = path.indexOf(file);
    if (at >= 0) { found.push([...path.slice(at), file].join(' > ')); return; }
    if (done.has(file)) return;
    path.push(file);
    for (const next of graph.get(file) ?? []) walk(next);
    path.pop();
    done.add(file);
  };
  for (const file of graph.keys()) walk(file);
  return found;
}

describe('the HTTP layer\'s import graph', () => {
  const graph = importGraph(sources());

  it('reads the imports it checks (the walk is not vacuous)', () => {
    expect(graph.get('exchange.ts')).toEqual(expect.arrayContaining(['exchange-state.ts', 'fast/client.ts', 'types.ts']));
    expect(graph.get('fast/request.ts')).toEqual(expect.arrayContaining(['types.ts', 'exchange-state.ts']));
    expect(cycles(new Map([['a.ts', ['b.ts']], ['b.ts', ['c.ts']], ['c.ts', ['a.ts']]]))).toEqual(['a.ts > b.ts > c.ts > a.ts']);
  });

  it('has no cycle, type-only imports included', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('types.ts imports nothing', () => {
    expect(ts.preProcessFile(readFileSync(join(LAYER, 'types.ts'), 'utf8'), true, true).importedFiles).toEqual([]);
  });
});
