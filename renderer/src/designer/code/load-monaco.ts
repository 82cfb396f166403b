/**
 * Monaco is loaded on demand (a separate chunk), so pages without a code editor never download it.
 * One load per page; a failed load can be retried.
 */
import type { Monaco } from './monaco.ts';

let loading: Promise<Monaco> | undefined;

/** The Monaco API, configured (workers, themes, YAML plan schema). */
export function loadMonaco(): Promise<Monaco> {
  loading ??= import('./monaco.ts')
    .then((m) => m.monaco)
    .catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
  return loading;
}
