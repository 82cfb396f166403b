// Lint: typescript-eslint on all sources, plus the layer rules of docs/architecture.md ("Layers, enforced by lint"):
// dependencies point one way (renderer -> app/contract -> engine/plan; app -> engine; engine -> nothing of ours).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const noCodeExecution = {
  'no-eval': 'error',
  'no-implied-eval': 'error',
  'no-new-func': 'error',
};

/** What no engine file may import (docs/architecture.md: engine -> nothing of ours). */
const enginePatterns = [
  { group: ['**/app/**', '**/renderer/**'], message: 'engine/ must not import from app/ or renderer/ (docs/architecture.md: engine -> nothing of ours).' },
  { group: ['electron', 'react', 'react-dom', 'react/*'], message: 'engine/ runs headless: no Electron or React.' },
  { group: ['vm', 'node:vm'], message: 'Plan content must never be executed as code.' },
];

export default tseslint.config(
  { ignores: ['node_modules/**', '.tools/**', 'dist/**', 'engine/dist/**', 'renderer/dist/**', 'coverage/**', 'bench/results/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts'] },
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
    // The HTTP layer's order (engine/runtime/http/import-graph.test.ts checks the whole graph for cycles):
    // exchange.ts (the undici path, and the choice between the clients) and dispatchers.ts sit on top; the files
    // below them, the fast client's included, take the shared types from types.ts, which imports nothing.
    files: ['engine/runtime/http/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing.ts', 'engine/runtime/http/exchange.ts', 'engine/runtime/http/dispatchers.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...enginePatterns,
          { group: ['**/exchange.ts', '**/dispatchers.ts'], message: 'exchange.ts and dispatchers.ts are the top of the HTTP layer: import the shared types from types.ts.' },
        ],
      }],
    },
  },
  {
    files: ['engine/runtime/http/types.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '.', message: 'types.ts is the HTTP layer\'s leaf: types only, importing nothing.' }] }],
    },
  },
  {
    // The hot path: Node defines the global `performance` as a lazy getter that runs on every use (measured in
    // profiles of the request loop); runtime code imports it from node:perf_hooks instead.
    files: ['engine/runtime/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'performance', message: "import { performance } from 'node:perf_hooks' (the global is a lazy getter run on every call)." }],
    },
  },
  {
    // Electron is imported by the shell (app/main, app/preload) and nothing else: services stay testable in Node.
    files: ['app/**/*.ts'],
    ignores: ['app/main/**', 'app/preload/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['electron'], message: 'Only app/main and app/preload import electron.' },
          { group: ['**/renderer/**'], message: 'The back end does not import the UI.' },
        ],
      }],
    },
  },
  {
    // The contract is shared with the renderer: no Node, no back end; engine types only as `import type`.
    files: ['app/contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['node:*', 'electron', '**/services/**', '**/store/**', '**/server/**', '**/main/**'], message: 'app/contract must stay pure: the renderer imports it.' },
          { group: ['**/engine/runtime/**', '**/engine/metrics/**', '**/engine/cli/**'], allowTypeImports: true, message: 'Only types from the engine runtime/metrics (the renderer must not load them).' },
        ],
      }],
    },
  },
  {
    // The UI reaches the back end only through app/contract and a transport.
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['node:*', 'electron', '**/app/services/**', '**/app/store/**', '**/app/server/**', '**/app/main/**', '**/app/preload/**'], message: 'The renderer talks to the back end only through app/contract.' },
          // engine/metrics/registry.ts is a pure table (names, types, tags, descriptions): the threshold picker reads it.
          { group: ['**/engine/runtime/**', '**/engine/cli/**', '**/engine/metrics/**', '!**/engine/metrics/registry.ts'], allowTypeImports: true, message: 'The renderer may use engine types, not engine runtime code.' },
        ],
      }],
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
      'no-restricted-syntax': ['error',
        { selector: "TSTypeReference[typeName.name='Record'] > TSTypeParameterInstantiation > TSUnknownKeyword", message: 'Read the plan document through core/doc (objectOf, entriesOf, requestAt…), not as Record<string, unknown>.' },
        { selector: "TSAsExpression > TSTypeReference[typeName.name='Record']", message: 'Read the plan document through core/doc (objectOf, entriesOf, requestAt…), not with a Record cast.' },
        { selector: "TSAsExpression > TSTypeLiteral", message: 'Read the plan document through core/doc (objectOf and the drafts\' own types), not with a cast to an ad-hoc shape.' },
        { selector: "TSTypeAliasDeclaration[id.name='Rec']", message: 'Use the drafts of core/doc (RequestDraft, ScenarioDraft…) instead of a Rec alias.' },
        { selector: ":matches(VariableDeclarator, FunctionDeclaration)[id.name='isRec']", message: 'Use objectOf from core/doc instead of an isRec guard.' },
      ],
    },
  },
  {
    files: ['engine/plan/**/*.ts', 'engine/template/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/runtime/**', '**/cli/**', '**/report/**'], message: 'plan/ and template/ are pure: the UI contract imports them.' },
          { group: ['**/app/**', '**/renderer/**'], message: 'engine/ must not import from app/ or renderer/.' },
          { group: ['vm', 'node:vm'], message: 'Plan content must never be executed as code.' },
        ],
      }],
    },
  },
);
