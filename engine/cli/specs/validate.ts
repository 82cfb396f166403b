/** `loadsmith validate` and `loadsmith schema`: plan files checked without running them, and the plan JSON Schema. */
import { defineCommand } from '../spec.ts';

export const validateSpec = defineCommand({
  name: 'validate',
  summary: 'check plan files (and their data files) without running them',
  description:
    'Checks plan files, and the data and body files they name, without sending anything. Each problem is printed with file:line:column and its path in the plan. Exit 0 when all are valid, 1 otherwise.',
  operands: [{ name: 'plan', help: 'the plan files (YAML or JSON)', required: true, variadic: true, file: 'plan' }],
  options: {},
  examples: [
    ['loadsmith validate plan.yaml', 'one plan'],
    ['loadsmith validate plans/*.yaml', 'every plan of a folder (as CI does)'],
  ],
});

export const schemaSpec = defineCommand({
  name: 'schema',
  summary: 'print the plan JSON Schema (for editors and CI)',
  operands: [],
  options: {
    output: { type: 'string', short: 'o', value: 'FILE', file: true, help: 'write it to FILE instead of stdout' },
  },
  examples: [['loadsmith schema -o plan.schema.json', "for VS Code's yaml.schemas or a CI check"]],
});
