/**
 * What an export did: where the file went, which secrets were written as environment references (or that secrets
 * were included, as asked), and what the target format could not express (the converter's notes).
 */
import { NoteGroups } from '../../plans/import/NoteGroups.tsx';
import { reportSummary } from '../../plans/import/report.ts';
import type { ExportOutcome } from './useFileExport.ts';

/** The text of an export's result; `planName` when the page lists several plans. */
export function ExportOutcomeView({ outcome, planName }: { outcome: ExportOutcome; planName?: string }) {
  const { file } = outcome;
  const n = file.replacedSecrets.length;
  return (
    <div className="export-outcome">
      <p>
        Exported{' '}
        {planName ? (
          <>
            <strong>{planName}</strong> as a{' '}
          </>
        ) : (
          'the '
        )}
        {outcome.title} to {outcome.where}.{file.notes.length > 0 && <> {reportSummary(file.notes, 'export')}.</>}
      </p>
      {outcome.includeSecrets && <p className="text-warn">Secrets are included in clear: keep this file private.</p>}
      {n > 0 && (
        <>
          <p>
            {n === 1 ? '1 secret was' : `${n} secrets were`} written as environment references; set them in an
            environment (or the tool's environment) to run the file:
          </p>
          <ul className="replaced-secrets" aria-label="Replaced secrets">
            {file.replacedSecrets.map((s) => (
              <li key={`${s.path}\u0000${s.env}`}>
                <code>{s.path}</code> → <code>{`\${env.${s.env}}`}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      {file.notes.length > 0 && <NoteGroups notes={file.notes} direction="export" collapsed={['info', 'changed']} />}
    </div>
  );
}
