/**
 * Test support for JUnit output: FOR TESTS ONLY. Validates a document against the JUnit schema Jenkins' xUnit
 * plugin uses (tests/fixtures/junit/junit-10.xsd) with xmllint, and reads values back with a real XML parser.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const JUNIT_XSD = fileURLToPath(new URL('../../../tests/fixtures/junit/junit-10.xsd', import.meta.url));

let dir: string | undefined;
let n = 0;

function tempFile(xml: string): string {
  dir ??= mkdtempSync(join(tmpdir(), 'loadsmith-junit-'));
  const file = join(dir, `doc-${n++}.xml`);
  writeFileSync(file, xml);
  return file;
}

function requireXmllint(): void {
  if (spawnSync('xmllint', ['--version']).status !== 0) {
    throw new Error('xmllint is missing: install it (Debian/Ubuntu: apt-get install -y libxml2-utils; .ci/run does)');
  }
}

/** xmllint's verdict on a document against the Jenkins JUnit schema; `errors` is what it printed. */
export function validateJunit(xml: string): { ok: boolean; errors: string } {
  requireXmllint();
  const r = spawnSync('xmllint', ['--noout', '--schema', JUNIT_XSD, tempFile(xml)], { encoding: 'utf8' });
  return { ok: r.status === 0, errors: r.stderr };
}

/** The string value of an XPath expression, read by xmllint. */
export function xpath(xml: string, expr: string): string {
  requireXmllint();
  // xmllint ends its answer with a newline (which no value the tests read ends with).
  return execFileSync('xmllint', ['--xpath', `string(${expr})`, tempFile(xml)], { encoding: 'utf8' }).replace(
    /\n$/,
    '',
  );
}
