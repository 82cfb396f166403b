/**
 * `loadsmith import <file> [--from FORMAT] [-o plan.yaml]`: cURL, HAR, Postman, OpenAPI/Swagger or Vegeta targets
 * -> a plan file (YAML, validated). The plan goes to stdout or -o; the report (what was not imported, secrets moved
 * to environment variables) to stderr. Bad input is a usage error (exit 1) with file, line and what to do.
 */
import { readFileSync } from 'node:fs';
import { access, readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { ConvertError, IMPORT_FORMATS, importPlan, planToYaml, SHELLS, type AnyImportOptions, type ImportFormat, type ImportResult, type Shell } from '../../convert/index.ts';
import { reportLines, reportSummary } from '../../convert/report.ts';
import { parse } from '../parser.ts';
import { importSpec } from '../specs/convert.ts';
import { EXIT, UsageError } from '../usage.ts';

export async function importCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, importSpec);
  if (positionals.length !== 1) throw new UsageError('expected one file to import: loadsmith import <file> [--from curl|har|postman|openapi|vegeta|jmeter] [-o plan.yaml]');
  const file = positionals[0] as string;
  const from = values.from as ImportFormat | undefined;
  if (from !== undefined && !(IMPORT_FORMATS as readonly string[]).includes(from)) throw new UsageError(`--from: '${from}' is not a format; use ${IMPORT_FORMATS.join(', ')}`);
  if (values.shell !== undefined && !(SHELLS as readonly string[]).includes(values.shell)) throw new UsageError(`--shell: '${values.shell}' should be ${SHELLS.join(' or ')}`);
  const rate = values.rate === undefined ? undefined : Number(values.rate);
  if (rate !== undefined && !(rate > 0)) throw new UsageError(`--rate: '${values.rate}' is not a positive number of requests per second`);
  const text = await read(file === '-' ? 0 : file, file);
  const options: AnyImportOptions = {
    file: file === '-' ? 'stdin' : basename(file),
    ...(values.name ? { name: values.name } : {}),
    ...(values.environment ? { environment: await read(values.environment, values.environment), environmentFile: basename(values.environment) } : {}),
    ...(values.shell ? { shell: values.shell as Shell } : {}),
    ...(values['base-url'] ? { baseUrl: values['base-url'] } : {}),
    ...(rate !== undefined ? { rate } : {}),
    ...(values.duration ? { duration: values.duration } : {}),
    ...(values['skip-static'] ? { skipStatic: true } : {}),
    ...(values['include-writes'] ? { includeWrites: true } : {}),
  };
  let result: ImportResult;
  try {
    result = importPlan(text, from, options);
  } catch (e) {
    if (e instanceof ConvertError) throw new UsageError(e.message);
    throw e;
  }
  const yaml = planToYaml(result.plan, header(result, options.file ?? file));
  if (values.output) {
    if (!values.force && (await exists(values.output))) throw new UsageError(`${values.output} already exists: choose another -o, or add --force to replace it`);
    await writeFile(values.output, yaml);
  } else process.stdout.write(yaml);
  if (!values.quiet) {
    const where = values.output ? ` -> ${values.output}` : '';
    process.stderr.write(`imported ${options.file} as ${result.format}${where}: ${reportSummary(result.notes)}\n${reportLines(result.notes, result.env).map((l) => `  ${l}`).join('\n')}\n`);
  }
  return EXIT.passed;
}

/** The YAML header: where the plan came from and what to know before running it. */
export function header(r: ImportResult, file: string): string[] {
  const lines = [`Imported from ${file} (${r.format}) by loadsmith import: ${reportSummary(r.notes)}.`];
  const notes = r.notes.filter((n) => n.kind !== 'info');
  for (const n of notes.slice(0, 30)) lines.push(`- ${n.kind}: ${n.where}: ${n.message}`.replace(/\n/g, ' '));
  if (notes.length > 30) lines.push(`- ... ${notes.length - 30} more: run the import again to see the whole report`);
  lines.push('The scenario is a smoke run (1 VU, 1 iteration): set the executor and load before a real test.');
  if (r.env.length) lines.push(`Environment variables: ${r.env.join(', ')} (loadsmith run plan.yaml --env NAME=value).`);
  // Vegeta targets and JMeter thread groups bring their own load.
  return r.format === 'vegeta' || r.format === 'jmeter' ? lines.filter((l) => !l.startsWith('The scenario is a smoke run')) : lines;
}

async function read(path: string | number, label: string): Promise<string> {
  try {
    return typeof path === 'number' ? readFileSync(path, 'utf8') : await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${label}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message}`);
  }
}

async function exists(path: string): Promise<boolean> {
  try { await access(path); return true; } catch { return false; }
}
