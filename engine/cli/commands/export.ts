/**
 * `loadsmith export <plan> --to k6|curl|har [-o FILE]`: the plan (validated first) as a k6 script, curl commands
 * or a HAR file. The result goes to stdout or -o; the report of what the target cannot express to stderr.
 * curl keeps `${env.NAME}` as shell variables unless values are given with --env NAME=value.
 */
import { access, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { EXPORT_FORMATS, exportPlan, SHELLS, type ExportFormat, type Shell } from '../../convert/index.ts';
import { reportLines } from '../../convert/report.ts';
import { loadPlanFile } from '../../plan/file.ts';
import { parse } from '../parser.ts';
import { exportSpec } from '../specs/convert.ts';
import { EXIT, UsageError } from '../usage.ts';

export async function exportCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, exportSpec);
  if (positionals.length !== 1)
    throw new UsageError('expected one plan file: loadsmith export <plan.yaml> --to k6|curl|har [-o FILE]');
  const to = values.to as ExportFormat | undefined;
  if (to === undefined || !(EXPORT_FORMATS as readonly string[]).includes(to)) {
    throw new UsageError(
      `${to === undefined ? 'missing --to' : `--to: '${to}' is not a format`}; use --to ${EXPORT_FORMATS.join('|')}`,
    );
  }
  if (values.shell !== undefined && !(SHELLS as readonly string[]).includes(values.shell))
    throw new UsageError(`--shell: '${values.shell}' should be ${SHELLS.join(' or ')}`);
  const file = positionals[0] as string;
  const loaded = await loadPlanFile(file);
  const outDir = values.output ? dirname(resolve(values.output)) : process.cwd();
  const rel = relative(outDir, loaded.baseDir).split(sep).join('/');
  const result = exportPlan(loaded.plan, to, {
    file,
    pathPrefix: rel === '' ? '' : `${rel}/`,
    ...(values.shell ? { shell: values.shell as Shell } : {}),
    env: envValues(values.env ?? []),
    ...(values.request ? { request: values.request } : {}),
  });
  if (values.output) {
    if (!values.force && (await exists(values.output)))
      throw new UsageError(`${values.output} already exists: choose another -o, or add --force to replace it`);
    await writeFile(values.output, result.text);
  } else process.stdout.write(result.text);
  if (!values.quiet && result.notes.length > 0) {
    process.stderr.write(
      `exported ${file} to ${to}${values.output ? ` -> ${values.output}` : ''}:\n${reportLines(result.notes)
        .map((l) => `  ${l}`)
        .join('\n')}\n`,
    );
  }
  return EXIT.passed;
}

function envValues(list: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`--env: '${item}' should be NAME=value`);
    env[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return env;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
