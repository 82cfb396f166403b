/**
 * `loadsmith import <file> [--from FORMAT] [-o plan.yaml]`: cURL, HAR, Postman, OpenAPI/Swagger or Vegeta targets
 * -> a plan file (YAML, validated). The plan goes to stdout or -o; the report (what was not imported, secrets moved
 * to environment variables) to stderr. Bad input is a usage error (exit 1) with file, line and what to do.
 */
import { readFileSync } from 'node:fs';
import { access, readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  ConvertError,
  IMPORT_FORMATS,
  importPlan,
  planToYaml,
  SHELLS,
  type AnyImportOptions,
  type ImportFormat,
  type ImportResult,
  type Shell,
} from '../../convert/index.ts';
import { importedPlanHeader, reportLines, reportSummary } from '../../convert/report.ts';
import { parse } from '../parser.ts';
import { importSpec } from '../specs/convert.ts';
import { EXIT, UsageError } from '../usage.ts';

export async function importCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, importSpec);
  if (positionals.length !== 1)
    throw new UsageError(
      'expected one file to import: loadsmith import <file> [--from curl|har|postman|openapi|vegeta|jmeter] [-o plan.yaml]',
    );
  const file = positionals[0] as string;
  const from = values.from as ImportFormat | undefined;
  if (from !== undefined && !(IMPORT_FORMATS as readonly string[]).includes(from))
    throw new UsageError(`--from: '${from}' is not a format; use ${IMPORT_FORMATS.join(', ')}`);
  if (values.shell !== undefined && !(SHELLS as readonly string[]).includes(values.shell))
    throw new UsageError(`--shell: '${values.shell}' should be ${SHELLS.join(' or ')}`);
  const rate = values.rate === undefined ? undefined : Number(values.rate);
  if (rate !== undefined && !(rate > 0))
    throw new UsageError(`--rate: '${values.rate}' is not a positive number of requests per second`);
  const text = await read(file === '-' ? 0 : file, file);
  const options: AnyImportOptions = {
    file: file === '-' ? 'stdin' : basename(file),
    ...(values.name ? { name: values.name } : {}),
    ...(values.environment
      ? {
          environment: await read(values.environment, values.environment),
          environmentFile: basename(values.environment),
        }
      : {}),
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
  const yaml = planToYaml(result.plan, importedPlanHeader(result, options.file ?? file));
  if (values.output) {
    if (!values.force && (await exists(values.output)))
      throw new UsageError(`${values.output} already exists: choose another -o, or add --force to replace it`);
    await writeFile(values.output, yaml);
  } else process.stdout.write(yaml);
  if (!values.quiet) {
    const where = values.output ? ` -> ${values.output}` : '';
    process.stderr.write(
      `imported ${options.file} as ${result.format}${where}: ${reportSummary(result.notes)}\n${reportLines(
        result.notes,
        result.env,
      )
        .map((l) => `  ${l}`)
        .join('\n')}\n`,
    );
  }
  return EXIT.passed;
}

async function read(path: string | number, label: string): Promise<string> {
  try {
    return typeof path === 'number' ? readFileSync(path, 'utf8') : await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot read ${label}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message}`,
    );
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
