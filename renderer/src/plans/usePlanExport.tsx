/**
 * Exporting a plan of the library as a file (YAML, JSON, k6 script, cURL, HAR): the back end writes the text
 * (secrets replaced by ${env.NAME} references unless confirmed otherwise); the result, with what was replaced and
 * what the format could not express, is a page message kept until dismissed when there is something to read.
 */
import { useCallback } from 'react';
import type { PlanSummary } from '../../../app/contract/plans.ts';
import type { ExportChoice } from '../designer/export/choices.ts';
import { ExportOutcomeView } from '../designer/export/ExportOutcome.tsx';
import { outcomeNeedsReading, useFileExport } from '../designer/export/useFileExport.ts';
import type { Messages } from '../ui/messages.ts';

type Report = Messages['push'];

/** An export action reporting through `report`. */
export function usePlanExport(report: Report): (plan: PlanSummary, choice: ExportChoice) => Promise<void> {
  const exportFile = useFileExport();
  return useCallback(async (plan, choice) => {
    try {
      const outcome = await exportFile(plan.id, choice);
      if (!outcome) return; // cancelled in the save dialog
      report({ kind: 'info', sticky: outcomeNeedsReading(outcome), content: <ExportOutcomeView outcome={outcome} planName={plan.name} /> });
    } catch (error) {
      report({ kind: 'error', title: `Could not export ${plan.name}`, error });
    }
  }, [exportFile, report]);
}
