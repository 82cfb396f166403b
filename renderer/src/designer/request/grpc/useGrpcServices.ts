/**
 * The services a gRPC step can call, as "Load" last found them for its descriptor source (protos or reflection at
 * its target). Kept per source for the session, so going back to a step shows its lists again without asking.
 */
import { useCallback, useState, useSyncExternalStore } from 'react';
import type { GrpcService } from '../../../../../app/contract/index.ts';
import { useClient } from '../../../api.tsx';
import type { GrpcSourceParams } from './source.ts';

const loaded = new Map<string, GrpcService[]>();
const listeners = new Set<() => void>();
const subscribe = (l: () => void): (() => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export interface GrpcServices {
  /** The last list for this source (undefined: not loaded yet). */
  services: GrpcService[] | undefined;
  load(): Promise<void>;
  busy: boolean;
  error: unknown;
}

export function useGrpcServices(source: GrpcSourceParams, environmentId: string | null): GrpcServices {
  const client = useClient();
  const key = JSON.stringify([source, environmentId]);
  const services = useSyncExternalStore(subscribe, () => loaded.get(key));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await client.call('designer.grpcDescribe', {
        source,
        ...(environmentId !== null ? { environmentId } : {}),
      });
      loaded.set(key, r.services);
      for (const l of listeners) l();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
    // `key` stands for source and environmentId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, key]);
  return { services, load, busy, error };
}
