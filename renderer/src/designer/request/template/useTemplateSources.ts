/**
 * The completions a template field offers, from the document plus what only the back end knows: the selected
 * environment's variable names and the data files' columns. Those are fetched when a field gets focus (not per
 * render) and cached briefly, so a form with many template fields makes one call, and an edited environment
 * shows up within seconds.
 */
import { useCallback, useMemo, useState } from 'react';
import { useClient } from '../../../api.tsx';
import type { Client } from '../../../../../app/contract/client.ts';
import { knownVariables } from '../../core/steps.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import type { Completion } from './completions.ts';
import { dataFeeders, envNamesInDoc, templateCompletions } from './sources.ts';

const TTL_MS = 5000;
// Per document, not per field: a form with twenty template fields walks the plan once per edit.
const fromDoc = new WeakMap<object, { variables: string[]; env: string[] }>();

function docNames(doc: unknown): { variables: string[]; env: string[] } {
  if (doc === null || typeof doc !== 'object') return { variables: [], env: [] };
  let hit = fromDoc.get(doc);
  if (!hit) fromDoc.set(doc, hit = { variables: knownVariables(doc), env: envNamesInDoc(doc) });
  return hit;
}
const cache = new Map<string, { at: number; value: Promise<string[]> }>();

/** A cached look-up; failures (no such environment, no data file yet) just offer nothing. */
function cached(key: string, load: () => Promise<string[]>): Promise<string[]> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = load().catch(() => []);
  cache.set(key, { at: Date.now(), value });
  return value;
}

const envNames = (client: Client, id: string): Promise<string[]> =>
  cached(`env:${id}`, async () => (await client.call('environments.get', { id })).variables.map((v) => v.name));
const columns = (client: Client, file: string): Promise<string[]> =>
  cached(`file:${file}`, async () => (await client.call('files.preview', { path: file, rows: 1 })).columns);

/** Completions for the current plan; call `refresh` when a field gets focus. */
export function useTemplateSources(): { completions: Completion[]; refresh(): void } {
  const d = useDesigner();
  const client = useClient();
  const [remote, setRemote] = useState<{ env: string[]; data: Record<string, string[]> }>({ env: [], data: {} });
  const feeders = useMemo(() => dataFeeders(d.doc), [d.doc]);
  const refresh = useCallback(() => {
    const env = d.environmentId ? envNames(client, d.environmentId) : Promise.resolve([]);
    const files = Object.entries(feeders).map(async ([name, file]) => [name, file ? await columns(client, file) : []] as const);
    void Promise.all([env, Promise.all(files)]).then(([e, f]) => setRemote({ env: e, data: Object.fromEntries(f) }));
  }, [client, d.environmentId, feeders]);
  const completions = useMemo(() => templateCompletions({
    variables: docNames(d.doc).variables,
    envNames: [...remote.env, ...docNames(d.doc).env],
    data: Object.fromEntries(Object.keys(feeders).map((n) => [n, remote.data[n]])),
  }), [d.doc, remote, feeders]);
  return { completions, refresh };
}
