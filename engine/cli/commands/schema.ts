/** `loadsmith schema [-o FILE]`: the plan JSON Schema, for editors and CI. */
import { writeFile } from 'node:fs/promises';
import { planJsonSchema } from '../../plan/json-schema.ts';
import { parse } from '../args.ts';

export function schemaText(): string {
  return `${JSON.stringify(planJsonSchema(), null, 2)}\n`;
}

export async function schemaCommand(argv: string[]): Promise<number> {
  const { values } = parse(argv, { output: { type: 'string', short: 'o' } } as const);
  if (values.output) await writeFile(values.output, schemaText());
  else process.stdout.write(schemaText());
  return 0;
}
