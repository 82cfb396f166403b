/** `loadsmith validate <plan...>`: schema, semantics, data and body files; no request is sent. */
import { PlanError } from '../../plan/errors.ts';
import { loadPlanFile } from '../../plan/file.ts';
import { locateIssues } from '../../plan/source.ts';
import { requestsOf } from '../../plan/walk.ts';
import { localPlanFiles } from '../../runtime/files/plan-files.ts';
import { checkPlanFiles } from '../../runtime/prepare.ts';
import { paint, useColor } from '../../report/format.ts';
import { parse } from '../parser.ts';
import { validateSpec } from '../specs/validate.ts';
import { EXIT, UsageError } from '../usage.ts';

export async function validateCommand(argv: readonly string[]): Promise<number> {
  const { positionals } = parse(argv, validateSpec);
  if (positionals.length === 0) throw new UsageError('missing plan files: loadsmith validate <plan...>');
  const p = paint(useColor(process.stdout));
  let bad = 0;
  for (const file of positionals) {
    try {
      const loaded = await loadPlanFile(file);
      const checked = await checkPlanFiles(loaded.plan, localPlanFiles(loaded.baseDir));
      if (checked.issues.length > 0) throw new PlanError(locateIssues(checked.issues, loaded.source), file);
      const requests = [...requestsOf(loaded.plan)].length;
      const env = [...new Map(loaded.env.map((e) => [e.name, e])).values()];
      const needs = env.length
        ? `; reads env ${env.map((e) => (e.hasDefault ? `${e.name} (has a default)` : e.name)).join(', ')}`
        : '';
      process.stdout.write(
        `${p.green('✓')} ${file}: valid — ${Object.keys(loaded.plan.scenarios).length} scenario(s), ${requests} request(s)${needs}\n`,
      );
    } catch (e) {
      if (!(e instanceof PlanError)) throw e;
      bad++;
      process.stderr.write(
        `${p.red('✗')} ${file}: ${e.issues.length} problem${e.issues.length === 1 ? '' : 's'}\n${e.message}\n`,
      );
    }
  }
  return bad > 0 ? EXIT.usage : EXIT.passed;
}
