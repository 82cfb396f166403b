/**
 * Exporting a plan as a file: the back end writes the text (secrets replaced by ${env.NAME} references unless
 * asked otherwise); the desktop saves it through a native dialog, the browser downloads it.
 */
import { useCallback } from 'react';
import type { PlanSummary } from '../../../app/contract/plans.ts';
import { useCapabilities, useClient } from '../api.tsx';
import { downloadText } from '../ui/download.ts';
import type { Messages } from '../ui/messages.ts';

type Report = Messages['push'];
import { planFileType } from './files.ts';

export interface ExportOptions {
  format: 'yaml' | 'json';
  includeSecrets: boolean;
}

/** An export action reporting through `report`, including which secrets were replaced. */
export function usePlanExport(report: Report): (plan: PlanSummary, options: ExportOptions) => Promise<void> {
  const client = useClient();
  const { nativeDialogs } = useCapabilities();
  return useCallback(async (plan, options) => {
    try {
      const file = await client.call('plans.export', { id: plan.id, format: options.format, includeSecrets: options.includeSecrets });
      let where: string;
      if (nativeDialogs) {
        const saved = await client.call('dialogs.savePlanFile', { fileName: file.fileName, text: file.text });
        if (!saved) return; // cancelled in the dialog
        where = saved.path;
      } else {
        downloadText(file.fileName, file.text, planFileType(file.fileName));
        where = file.fileName;
      }
      report({
        kind: 'info',
        // The list of replaced secrets is something to act on: keep it until dismissed.
        sticky: file.replacedSecrets.length > 0,
        content: (
          <>
            <p>Exported <strong>{plan.name}</strong> to {where}.</p>
            {file.replacedSecrets.length > 0 && (
              <>
                <p>
                  {file.replacedSecrets.length === 1 ? '1 secret was' : `${file.replacedSecrets.length} secrets were`} replaced
                  by environment references; set them in an environment (or the CLI's environment) to run the file:
                </p>
                <ul className="replaced-secrets" aria-label="Replaced secrets">
                  {file.replacedSecrets.map((s) => (
                    <li key={`${s.path}\u0000${s.env}`}><code>{s.path}</code> → <code>{`\${env.${s.env}}`}</code></li>
                  ))}
                </ul>
              </>
            )}
          </>
        ),
      });
    } catch (error) {
      report({ kind: 'error', title: `Could not export ${plan.name}`, error });
    }
  }, [client, report, nativeDialogs]);
}
