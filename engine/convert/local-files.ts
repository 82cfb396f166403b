/**
 * Local files an imported plan reads because its source named them (a curl `--data-binary @file`, a Postman file
 * body, a vegeta `@body`, a client certificate). The path is kept, so the CLI runs the plan as it is (paths are
 * relative to the plan file); the app must not read a file the user did not give it, so each one is a `confirm`
 * note: attach the file, or grant its folder.
 */
import type { DraftRequest, Notes } from './draft.ts';

export function noteLocalFiles(d: DraftRequest, notes: Notes): void {
  const files: [string, string][] = [];
  if (d.body?.kind === 'file') files.push(['body file', d.body.path]);
  const tls = d.http?.tls;
  if (tls?.certFile) files.push(['client certificate', tls.certFile]);
  if (tls?.keyFile && tls.keyFile !== tls.certFile) files.push(['client key', tls.keyFile]);
  if (tls?.caFile) files.push(['CA file', tls.caFile]);
  for (const [what, path] of files) {
    notes.add(
      'confirm',
      d.where,
      `${what} ${path}: the app will not read it until you attach the file or grant its folder; the CLI reads it${/^([/\\]|[A-Za-z]:)/.test(path) ? '' : ' relative to the plan file'}`,
    );
  }
}
