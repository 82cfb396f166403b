/** `loadsmith schema [-o FILE]`: the plan JSON Schema, for editors and CI. */
import { writeFile } from 'node:fs/promises';
import { planJsonSchema } from '../../plan/json-schema.ts';
import { parse } from '../parser.ts';
import { schemaSpec } from '../specs/validate.ts';
import { UsageError } from '../usage.ts';

export function schemaText(): string {
  return `${JSON.stringify(planJsonSchema(), null, 2)}\n`;
}

export async function schemaCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, schemaSpec);
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument '${positionals[0]}': write the schema to a file with -o FILE`);
  if (values.output) await writeFile(values.output, schemaText());
  else process.stdout.write(schemaText());
  return 0;
}
