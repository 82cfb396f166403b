/**
 * The lint rule behind the engine's layer order (engine/layers.json, docs/architecture.md): a file of engine/
 * imports from its own top-level folder and from the layers below it, never from a layer above or a sibling in its
 * own layer, and never from outside engine/ (the runner package carries nothing else) - but a test file may use the
 * repository's test fixtures (tests/), which the package does not carry either. Relative specifiers are resolved
 * against the file, so the rule sees where an import lands, not how its path is spelled.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENGINE = resolve(ROOT, 'engine');
const FIXTURES = resolve(ROOT, 'tests');
/** @type {string[][]} */
const LAYERS = JSON.parse(readFileSync(resolve(ENGINE, 'layers.json'), 'utf8')).layers;
const rankOf = new Map(LAYERS.flatMap((names, rank) => names.map((name) => [name, rank])));
const describe = (name) => `engine/${name} (layer ${rankOf.get(name) + 1}: ${LAYERS[rankOf.get(name)].join(', ')})`;

/** The top-level folder (or file) of engine/ a path is in; undefined outside engine/. */
function topOf(path) {
  const inside = relative(ENGINE, path);
  return inside.startsWith('..') || inside === '' ? undefined : inside.split(sep)[0];
}

/** Why `file` may not import `target`, or undefined when it may. */
export function layerViolation(file, target) {
  const from = topOf(file);
  // Outside the engine, or a test of the whole engine beside layers.json (import-graph.test.ts): no layer of its own.
  if (from === undefined || from.endsWith('.test.ts')) return undefined;
  if (!rankOf.has(from)) return `engine/${from} has no layer: place it in engine/layers.json (docs/architecture.md)`;
  const to = topOf(target);
  if (to === undefined && file.endsWith('.test.ts') && !relative(FIXTURES, target).startsWith('..')) return undefined;
  if (to === undefined)
    return `engine/ imports nothing outside itself (the runner package carries engine/ only): ${relative(ROOT, target)}`;
  if (to === from || to === 'package.json' || to === 'layers.json') return undefined;
  if (!rankOf.has(to)) return `engine/${to} has no layer: place it in engine/layers.json (docs/architecture.md)`;
  if (rankOf.get(to) < rankOf.get(from)) return undefined;
  const how = rankOf.get(to) === rankOf.get(from) ? 'a sibling in its own layer' : 'a layer above it';
  return `${describe(from)} may not import ${describe(to)}, ${how}: move what both need down (docs/architecture.md)`;
}

/** @type {import('eslint').Rule.RuleModule} */
const order = {
  meta: {
    type: 'problem',
    docs: { description: "Imports follow the engine's layer order (engine/layers.json)." },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.'))
        return;
      const message = layerViolation(context.filename, resolve(dirname(context.filename), source.value));
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      // `import('../x.ts').T` in a type
      TSImportType: (node) =>
        check({ source: node.argument?.type === 'TSLiteralType' ? node.argument.literal : undefined }),
    };
  },
};

export default { rules: { order } };
