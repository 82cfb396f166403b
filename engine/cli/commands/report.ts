/**
 * `loadsmith report <summary.json> [--html FILE] [--junit FILE] [--text]`: the reports of a saved run, regenerated
 * from its --summary-json (which carries the per-second timeline the HTML charts need). Text is printed when no
 * other report is asked for, or with --text. For a `run --repeat` document, HTML and JUnit are written per repeat
 * (report-1.html, ...) and the text is the repeat table. Exit code 0 once written, whatever the run's verdict
 * (the run's own exit code gave that); 1 when the file cannot be read or a report cannot be written.
 */
import { repeatLine, repeatTable, scenarioTable } from '../../report/compare/repeat-text.ts';
import { paint, useColor } from '../../report/format.ts';
import { textSummary } from '../../report/text-summary.ts';
import { parse } from '../parser.ts';
import { reportSpec } from '../specs/reports.ts';
import { readRunFile } from '../summary-file.ts';
import { EXIT, UsageError } from '../usage.ts';
import { checkWritable, numbered, reportJobs, writeAll, type ReportJob } from './write-reports.ts';

export async function reportCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, reportSpec);
  if (positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? 'missing the summary file: loadsmith report <summary.json> [--html FILE] [--junit FILE] [--text]'
        : `expected one summary file, got ${positionals.length}: ${positionals.join(' ')} (to put runs side by side: loadsmith compare)`,
    );
  }
  for (const [name, v] of [
    ['--html', values.html],
    ['--junit', values.junit],
  ] as const) {
    if (v === '' || v === '-') throw new UsageError(`${name}: give a file name to write the report to`);
  }
  const file = await readRunFile(positionals[0] as string);
  await checkWritable({ '--html': values.html, '--junit': values.junit });
  const color = values.color ?? useColor(process.stdout);
  const p = paint(color);
  const showText = values.text === true || (values.html === undefined && values.junit === undefined);

  let jobs: ReportJob[];
  if (file.kind === 'summary') {
    if (showText) process.stdout.write(`${textSummary(file.summary, { color })}\n`);
    jobs = reportJobs(file.summary, { html: values.html, junit: values.junit });
  } else {
    const { repeats } = file.result;
    if (showText) {
      process.stdout.write(
        `\n${repeats.map((s, i) => repeatLine(i + 1, repeats.length, s, p)).join('\n')}\n${repeatTable(file.result, p)}${scenarioTable(file.result, p)}\n`,
      );
    }
    jobs = repeats.flatMap((s, i) =>
      reportJobs(s, {
        html: values.html && numbered(values.html, i + 1),
        junit: values.junit && numbered(values.junit, i + 1),
      }),
    );
  }
  const written = await writeAll(jobs);
  if (written.length > 0) process.stdout.write(`${written.map((l) => `  ${l}`).join('\n')}\n`);
  return EXIT.passed;
}
