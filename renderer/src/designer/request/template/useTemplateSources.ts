/**
 * The completions a template field offers, from the document plus what only the back end knows: the selected
 * environment's variable names and the data files' columns. Those are fetched when a field gets focus (not per
 * render) and cached briefly, so a form with many template fields makes one call, and an edited environment
 * shows up within seconds.
 */
import { useCallback, useMemo, useState } from 'react';
import { useClient } from '../../../api.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import type { Completion } from './completions.ts';
import { dataFeeders, templateCompletions } from './sources.ts';
import { useTemplateSourceCache, type TemplateSourceCache } from './TemplateSourcesProvider.tsx';

const TTL_MS = 5000;

/** A cached look-up; failures (no such environment, no data file yet) just offer nothing. */
function cached(
  lookups: TemplateSourceCache['lookups'],
  key: string,
  load: () => Promise<string[]>,
): Promise<string[]> {
  const hit = lookups.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = load().catch(() => []);
  lookups.set(key, { at: Date.now(), value });
  return value;
}

/** Completions for the current plan; call `refresh` when a field gets focus. */
export function useTemplateSources(): { completions: Completion[]; refresh(): void } {
  const d = useDesigner();
  const client = useClient();
  const { names, lookups } = useTemplateSourceCache();
  const [remote, setRemote] = useState<{ env: string[]; data: Record<string, string[]> }>({ env: [], data: {} });
  const feeders = useMemo(() => dataFeeders(d.doc), [d.doc]);
  const refresh = useCallback(() => {
    const id = d.environmentId;
    const env = id
      ? cached(lookups, `env:${id}`, async () =>
          (await client.call('environments.get', { id })).variables.map((v) => v.name),
        )
      : Promise.resolve([]);
    const columns = (file: string): Promise<string[]> =>
      cached(
        lookups,
        `file:${file}`,
        async () => (await client.call('files.preview', { path: file, rows: 1 })).columns,
      );
    const files = Object.entries(feeders).map(async ([name, file]) => [name, file ? await columns(file) : []] as const);
    void Promise.all([env, Promise.all(files)]).then(([e, f]) => setRemote({ env: e, data: Object.fromEntries(f) }));
  }, [client, lookups, d.environmentId, feeders]);
  const completions = useMemo(
    () =>
      templateCompletions({
        variables: names.variables,
        envNames: [...remote.env, ...names.env],
        data: Object.fromEntries(Object.keys(feeders).map((n) => [n, remote.data[n]])),
      }),
    [names, remote, feeders],
  );
  return { completions, refresh };
}
