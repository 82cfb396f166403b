/** settings.*, app.info and the dialog methods (which only the Electron shell implements). */
import { VERSION } from '../../engine/version.ts';
import { ContractError, DEFAULT_SETTINGS, Settings, type Handlers } from '../contract/index.ts';
import type { ServiceContext } from './context.ts';

type SettingsHandlers = Pick<Handlers, 'settings.get' | 'settings.set' | 'app.info' | 'dialogs.openPlanFile' | 'dialogs.savePlanFile'>;

export function readSettings({ store }: Pick<ServiceContext, 'store'>): Settings {
  // Unknown or malformed stored values fall back to the default instead of breaking the app.
  const stored = store.settings.all();
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS)) {
    const one = Settings.shape[key as keyof Settings].safeParse(stored[key]);
    if (one.success && stored[key] !== undefined) out[key] = one.data;
  }
  return out as Settings;
}

export function settingsHandlers(ctx: ServiceContext, mode: 'browser' | 'electron'): SettingsHandlers {
  const unsupported = (): never => { throw new ContractError('unsupported', 'native file dialogs exist only in the desktop app'); };
  return {
    'settings.get': () => readSettings(ctx),
    'settings.set': ({ patch }) => {
      for (const [k, v] of Object.entries(patch)) if (v !== undefined) ctx.store.settings.set(k, v);
      return readSettings(ctx);
    },
    'app.info': () => ({ version: VERSION, dataDir: ctx.dataDir, mode, nativeDialogs: mode === 'electron' }),
    'dialogs.openPlanFile': unsupported,
    'dialogs.savePlanFile': unsupported,
  };
}
