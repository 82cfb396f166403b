/** Loads each requested run with its per-second samples; a run that cannot be loaded says why instead. */
import type { Loaded } from '../../ui/hooks.ts';
import { useLoad } from '../../ui/hooks.ts';
import { describeError } from '../../ui/errors.ts';
import type { LoadedRun } from './comparable.ts';

/** In the order of `ids`; reloads when the ids change or `reload()` is called. */
export function useCompareRuns(ids: readonly string[]): Loaded<LoadedRun[]> {
  return useLoad(
    (c) =>
      Promise.all(
        ids.map(async (id): Promise<LoadedRun> => {
          try {
            const [run, samples] = await Promise.all([c.call('runs.get', { id }), c.call('runs.samples', { id })]);
            return { id, run, samples };
          } catch (error) {
            return { id, error: describeError(error).message };
          }
        }),
      ),
    ids.join(','),
  );
}
