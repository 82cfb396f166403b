/**
 * The environment Try it and Validate use (its variables feed ${env.NAME}; secrets stay in the back end). The
 * last choice is remembered in the settings, so the designer opens with it next time.
 */
import { useEffect, useRef } from 'react';
import { useClient } from '../../api.tsx';
import { hrefFor } from '../../routing/route.ts';
import { useLoad } from '../../ui/hooks.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';

export function EnvironmentSelect() {
  const client = useClient();
  const { environmentId, setEnvironmentId } = useDesigner();
  const envs = useLoad((c) => c.call('environments.list', {}), 'environments');
  const restored = useRef(false);

  // Once per designer: pick up the remembered environment if it still exists.
  useEffect(() => {
    if (restored.current || envs.data === undefined) return;
    restored.current = true;
    if (environmentId !== null) return;
    const list = envs.data;
    client.call('settings.get', {}).then(
      (s) => {
        if (s.lastEnvironmentId && list.some((e) => e.id === s.lastEnvironmentId))
          setEnvironmentId(s.lastEnvironmentId);
      },
      () => undefined,
    );
  }, [client, envs.data, environmentId, setEnvironmentId]);

  const choose = (id: string | null): void => {
    setEnvironmentId(id);
    // Remembering is a convenience: a failure to save it must not get in the way.
    client.call('settings.set', { patch: { lastEnvironmentId: id } }).catch(() => undefined);
  };

  const list = envs.data ?? [];
  // A chosen environment deleted meanwhile still shows, so the select never lies about what is used.
  const missing = environmentId !== null && envs.data !== undefined && !list.some((e) => e.id === environmentId);
  return (
    <span className="try-env">
      <label htmlFor="designer-environment">Environment</label>
      <select
        id="designer-environment"
        value={environmentId ?? ''}
        onFocus={envs.reload}
        onChange={(e) => choose(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">None</option>
        {list.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name}
          </option>
        ))}
        {missing && <option value={environmentId}>(deleted environment)</option>}
      </select>
      <a href={hrefFor({ page: 'environments' })} className="try-env-edit">
        Edit environments
      </a>
    </span>
  );
}
