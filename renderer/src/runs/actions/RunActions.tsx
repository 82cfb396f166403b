/** Actions on one run (export, label, delete). Placeholder: the history/compare work implements it. */
import type { RunRow } from '../../../../app/contract/index.ts';

export function RunActions(_props: { run: RunRow; onChanged?: () => void }) {
  return null;
}
