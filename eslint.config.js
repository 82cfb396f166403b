// Lint: typescript-eslint on all sources, plus the layer rules of docs/architecture.md ("Layers, enforced by lint"):
// dependencies point one way (renderer -> app/contract -> the engine's browser-safe subpaths; app -> engine, through
// the runner package's exports; engine -> nothing of ours).
import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import engineLayers from './scripts/eslint-engine-layers.js';

const noCodeExecution = {
  'no-eval': 'error',
  'no-implied-eval': 'error',
  'no-new-func': 'error',
};

/** Test files and test helpers: they may import engine internals (what they test); production code may not. */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing.ts'];

/** Test helpers live in a folder's testing.ts (CONTRIBUTING.md), for its tests: production code never imports one. */
const testHelpers = {
  group: ['**/testing.ts', '**/testing'],
  message: 'testing.ts holds test helpers: production code does not import it (CONTRIBUTING.md).',
};

/** Outside the engine, the engine is the runner package `loadsmith` and its subpaths (engine/package.json `exports`). */
const engineByPath = {
  group: ['**/engine', '**/engine/**'],
  message:
    "Import the engine through its package surface ('loadsmith', 'loadsmith/plan', ... in engine/package.json exports; docs/architecture.md), not by path.",
};

/**
 * The runner package's subpaths, read from engine/package.json: one with a plain target is browser-safe, one with
 * only a `node` condition is Node only. Code the browser loads (the renderer, app/contract) may take types from a
 * Node-only subpath, nothing else.
 */
const surface = JSON.parse(readFileSync(new URL('./engine/package.json', import.meta.url), 'utf8')).exports;
const subpath = (key) => (key === '.' ? 'loadsmith' : `loadsmith/${key.slice(2)}`);
const browserSafe = Object.keys(surface)
  .filter((k) => typeof surface[k] === 'string' && k !== './package.json')
  .map(subpath);
const nodeOnlySurface = (why) =>
  Object.keys(surface)
    .filter((k) => typeof surface[k] !== 'string')
    .map(subpath)
    .map((name) => ({
      name,
      allowTypeImports: true,
      message: `${name} is Node only and ${why}: use a browser-safe subpath (${browserSafe.join(', ')}), or import type.`,
    }));

/** What the back end may not import: Electron outside the shell, the UI. */
const appPatterns = [
  { group: ['electron'], message: 'Only app/main and app/preload import electron.' },
  { group: ['**/renderer/**'], message: 'The back end does not import the UI.' },
];

/** What the UI may not import: Node, Electron, the back end's insides. */
const rendererPatterns = [
  {
    group: [
      'node:*',
      'electron',
      '**/app/services/**',
      '**/app/store/**',
      '**/app/server/**',
      '**/app/main/**',
      '**/app/preload/**',
    ],
    message: 'The renderer talks to the back end only through app/contract.',
  },
];

/** What no engine file may import (docs/architecture.md: engine -> nothing of ours). */
const enginePatterns = [
  {
    group: ['**/app/**', '**/renderer/**'],
    message: 'engine/ must not import from app/ or renderer/ (docs/architecture.md: engine -> nothing of ours).',
  },
  { group: ['electron', 'react', 'react-dom', 'react/*'], message: 'engine/ runs headless: no Electron or React.' },
  { group: ['vm', 'node:vm'], message: 'Plan content must never be executed as code.' },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.tools/**',
      'dist/**',
      'engine/dist/**',
      'renderer/dist/**',
      'coverage/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      ...noCodeExecution,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The engine is what the headless runner ships: it may not reach into the app, the UI,
    // Electron or React, and it never evaluates plan content as code (no vm).
    files: ['engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: enginePatterns }],
    },
  },
  {
    files: ['engine/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [...enginePatterns, testHelpers] }] },
  },
  {
    // The engine's layer order (engine/layers.json, docs/architecture.md), for all of it: code, test helpers, tests.
    files: ['engine/**/*.ts'],
    plugins: { 'engine-layers': engineLayers },
    rules: { 'engine-layers/order': 'error' },
  },
  {
    // The HTTP layer's order (engine/import-graph.test.ts checks the whole graph for cycles):
    // exchange.ts (the undici path, and the choice between the clients) and dispatchers.ts sit on top; the files
    // below them, the fast client's included, take the shared types from types.ts, which imports nothing.
    files: ['engine/runtime/http/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing.ts', 'engine/runtime/http/exchange.ts', 'engine/runtime/http/dispatchers.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...enginePatterns,
            testHelpers,
            {
              group: ['**/exchange.ts', '**/dispatchers.ts'],
              message:
                'exchange.ts and dispatchers.ts are the top of the HTTP layer: import the shared types from types.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['engine/runtime/http/types.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '.', message: "types.ts is the HTTP layer's leaf: types only, importing nothing." }] },
      ],
    },
  },
  {
    // The hot path: Node defines the global `performance` as a lazy getter that runs on every use (measured in
    // profiles of the request loop); runtime code imports it from node:perf_hooks instead.
    files: ['engine/runtime/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'performance',
          message: "import { performance } from 'node:perf_hooks' (the global is a lazy getter run on every call).",
        },
      ],
    },
  },
  {
    // Electron is imported by the shell (app/main, app/preload) and nothing else: services stay testable in Node.
    files: ['app/**/*.ts'],
    ignores: ['app/main/**', 'app/preload/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: appPatterns }] },
  },
  {
    // Outside the engine, the engine is the runner package: its exports, never its files (tests aside).
    files: ['app/**/*.ts'],
    ignores: ['app/main/**', 'app/preload/**', ...TESTS],
    rules: { 'no-restricted-imports': ['error', { patterns: [...appPatterns, engineByPath, testHelpers] }] },
  },
  {
    files: ['app/main/**/*.ts', 'app/preload/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [engineByPath, testHelpers] }] },
  },
  {
    // The contract is shared with the renderer: no Node, no back end; from the engine, the browser-safe subpaths and
    // types.
    files: ['app/contract/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'electron', '**/services/**', '**/store/**', '**/server/**', '**/main/**'],
              message: 'app/contract must stay pure: the renderer imports it.',
            },
            engineByPath,
            testHelpers,
          ],
          paths: nodeOnlySurface('the renderer imports app/contract'),
        },
      ],
    },
  },
  {
    // The UI reaches the back end only through app/contract and a transport.
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { patterns: rendererPatterns }] },
  },
  {
    // From the engine, the renderer takes the browser-safe subpaths of the runner package, and types (tests aside).
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...rendererPatterns, engineByPath, testHelpers],
          paths: nodeOnlySurface('the renderer runs in a browser'),
        },
      ],
    },
  },
  {
    // Hooks are called the same way on every render, and every value an effect or memo reads is in its dependencies:
    // a missing one is a stale closure, the kind of bug no test of today's behaviour catches.
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Nothing is written during render: a ref is read and written in effects and events only.
      'react-hooks/refs': 'error',
    },
  },
  {
    // The designer reads the plan document through core/doc (typed, lenient drafts), never by casting it to a
    // Record: a cast hides the schema's names and types, and drafts say what a half-typed plan may hold. The path
    // machinery (doc-path.ts, key-order.ts) builds objects key by key and is the one place that may.
    files: ['renderer/src/designer/**/*.ts', 'renderer/src/designer/**/*.tsx'],
    ignores: ['renderer/src/designer/core/doc-path.ts', 'renderer/src/designer/core/key-order.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSTypeReference[typeName.name='Record'] > TSTypeParameterInstantiation > TSUnknownKeyword",
          message:
            'Read the plan document through core/doc (objectOf, entriesOf, requestAt…), not as Record<string, unknown>.',
        },
        {
          selector: "TSAsExpression > TSTypeReference[typeName.name='Record']",
          message: 'Read the plan document through core/doc (objectOf, entriesOf, requestAt…), not with a Record cast.',
        },
        {
          selector: 'TSAsExpression > TSTypeLiteral',
          message:
            "Read the plan document through core/doc (objectOf and the drafts' own types), not with a cast to an ad-hoc shape.",
        },
        {
          selector: "TSTypeAliasDeclaration[id.name='Rec']",
          message: 'Use the drafts of core/doc (RequestDraft, ScenarioDraft…) instead of a Rec alias.',
        },
        {
          selector: ":matches(VariableDeclarator, FunctionDeclaration)[id.name='isRec']",
          message: 'Use objectOf from core/doc instead of an isRec guard.',
        },
      ],
    },
  },
  {
    files: ['engine/plan/**/*.ts', 'engine/template/**/*.ts'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/runtime/**', '**/cli/**', '**/report/**'],
              message: 'plan/ and template/ are pure: the UI contract imports them.',
            },
            { group: ['**/app/**', '**/renderer/**'], message: 'engine/ must not import from app/ or renderer/.' },
            { group: ['vm', 'node:vm'], message: 'Plan content must never be executed as code.' },
            testHelpers,
          ],
        },
      ],
    },
  },
);
