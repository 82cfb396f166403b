/** A run as a file: its summary JSON (with the per-second series), or the single-file HTML report. */
import { htmlReport } from 'loadsmith/report/html';
import { ContractError, type RunDetail } from '../contract/index.ts';

export function exportRun(run: RunDetail, format: 'json' | 'html'): { fileName: string; text: string } {
  if (!run.summary) {
    throw new ContractError(
      'not_found',
      run.status === 'running'
        ? 'the run is still going: export it when it has finished'
        : run.status === 'interrupted'
          ? 'this run was cut off before its first second was stored: there is nothing to export'
          : 'this run has no summary (it did not finish)',
    );
  }
  const base = `${
    run.planName
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'run'
  }-${run.startedAt.slice(0, 19).replace(/[:T]/g, '-')}`;
  if (format === 'json') return { fileName: `${base}.json`, text: `${JSON.stringify(run.summary, null, 2)}\n` };
  const title = run.label ? `${run.planName} — ${run.label}` : undefined;
  return { fileName: `${base}.html`, text: htmlReport(run.summary, title ? { title } : {}) };
}
