/**
 * The run as JUnit XML for CI servers (Jenkins, GitLab, GitHub Actions reporters): one `<testsuite name="thresholds">`
 * with a test case per threshold expression and one `<testsuite name="checks">` with a test case per check. Valid
 * against the JUnit schema Jenkins' xUnit plugin uses (tests/fixtures/junit/junit-10.xsd). Pure: built from the run
 * summary alone, so `loadsmith run --junit` and `loadsmith report --junit` write the same file.
 *
 *   writeFileSync('junit.xml', junitReport(summary));
 */
import type { Summary } from '../../metrics/summary.ts';
import { fmtCount, fmtPct } from '../format.ts';
import { observedText } from '../threshold-value.ts';
import { xmlAttr, xmlText } from './xml.ts';

/** Options of junitReport. */
export interface JunitReportOptions {
  /** The `<testsuites name>`; `loadsmith: <plan name>` when not given. */
  name?: string;
}

interface TestCase {
  name: string;
  classname: string;
  failure?: { type: string; message: string; text: string };
  out?: string;
}

/** The JUnit XML document of a run. */
export function junitReport(summary: Summary, options: JunitReportOptions = {}): string {
  const suites = [suite(summary, 'thresholds', thresholdCases(summary)), suite(summary, 'checks', checkCases(summary))];
  const tests = summary.thresholds.length + summary.checks.length;
  const failures = summary.thresholds.filter((t) => !t.ok).length + summary.checks.filter((c) => c.fails > 0).length;
  const name = options.name ?? `loadsmith: ${summary.plan.name}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${xmlAttr(name)}" tests="${tests}" failures="${failures}" errors="0" time="${seconds(summary)}">
${suites.join('')}</testsuites>
`;
}

/** A threshold's test case: classname = the metric key as written, name = the expression. */
function thresholdCases(s: Summary): TestCase[] {
  return s.thresholds.map((t) => {
    const observed = t.value === null ? 'no data (passes, as in k6)' : observedText(t);
    const message = `${t.expression} failed: ${observed}`;
    return {
      name: t.expression,
      classname: t.metric,
      out: `${t.metric}: ${t.expression} → ${observed}`,
      ...(t.ok
        ? {}
        : {
            failure: {
              type: 'threshold',
              message,
              text: `threshold ${t.metric}: '${t.expression}' failed, observed ${observed}`,
            },
          }),
    };
  });
}

/** A check's test case: classname = scenario › group › request, name = the check. */
function checkCases(s: Summary): TestCase[] {
  return s.checks.map((c) => {
    const total = c.passes + c.fails;
    const where = [c.scenario, c.group.replace(/^::/, '').replaceAll('::', ' › '), c.request]
      .filter(Boolean)
      .join(' › ');
    const counts = `${fmtCount(c.fails)} of ${fmtCount(total)} failed (${fmtPct(total ? c.fails / total : 0)})`;
    const message = c.failure ? `${counts}; e.g. ${c.failure}` : counts;
    return {
      name: c.name,
      classname: where,
      out: `${fmtCount(c.passes)} of ${fmtCount(total)} passed`,
      ...(c.fails > 0
        ? { failure: { type: 'check', message, text: `check '${c.name}' on ${where}: ${message}` } }
        : {}),
    };
  });
}

function suite(s: Summary, name: string, cases: TestCase[]): string {
  const failures = cases.filter((c) => c.failure).length;
  const props = [
    ['plan', s.plan.name],
    ['plan.file', s.plan.file],
    ['status', s.status],
    ['stoppedBy', s.stoppedBy],
    ['loadsmith', s.tool.version],
  ]
    .filter((p): p is [string, string] => p[1] !== undefined)
    .map(([k, v]) => `      <property name="${xmlAttr(k)}" value="${xmlAttr(v)}"/>\n`)
    .join('');
  const body = cases
    .map((c) => {
      const failure = c.failure
        ? `      <failure type="${c.failure.type}" message="${xmlAttr(c.failure.message)}">${xmlText(c.failure.text)}</failure>\n`
        : '';
      const out = c.out ? `      <system-out>${xmlText(c.out)}</system-out>\n` : '';
      return `    <testcase name="${xmlAttr(c.name)}" classname="${xmlAttr(c.classname)}" time="0">\n${failure}${out}    </testcase>\n`;
    })
    .join('');
  return `  <testsuite name="${name}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0" time="${seconds(s)}" timestamp="${timestamp(s.startedAt)}">
    <properties>
${props}    </properties>
${body}  </testsuite>
`;
}

/** The run's duration in seconds with millisecond precision (the schema's SUREFIRE_TIME: no exponent, no sign). */
function seconds(s: Summary): string {
  return Math.max(0, s.durationMs / 1000).toFixed(3);
}

/** ISO 8601 without a zone (the JUnit/Ant convention), in UTC: 2025-01-31T12:00:05. */
function timestamp(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 19);
}
