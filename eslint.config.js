// Lint: typescript-eslint on all sources, plus the layer rules of DESIGN.md:
// dependencies point one way (renderer -> app/contract -> engine/plan; app -> engine; engine -> nothing of ours).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const noCodeExecution = {
  'no-eval': 'error',
  'no-implied-eval': 'error',
  'no-new-func': 'error',
};

export default tseslint.config(
  { ignores: ['node_modules/**', '.tools/**', 'dist/**', 'coverage/**', 'bench/results/**', '**/*.d.ts'] },
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
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/app/**', '**/renderer/**'], message: 'engine/ must not import from app/ or renderer/ (DESIGN.md: engine -> nothing of ours).' },
          { group: ['electron', 'react', 'react-dom', 'react/*'], message: 'engine/ runs headless: no Electron or React.' },
          { group: ['vm', 'node:vm'], message: 'Plan content must never be executed as code.' },
        ],
      }],
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
