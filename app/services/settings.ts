/** settings.*, app.info and the dialog methods (which only the Electron shell implements). */
import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { VERSION } from 'loadsmith';
import { ContractError, DEFAULT_SETTINGS, Settings, type Handlers } from '../contract/index.ts';
import type { ServiceContext } from './context.ts';
import { isInside } from './plan-file-access.ts';

type SettingsHandlers = Pick<
  Handlers,
  'settings.get' | 'settings.set' | 'app.info' | 'dialogs.openPlanFile' | 'dialogs.savePlanFile'
>;

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
  const unsupported = (): never => {
    throw new ContractError('unsupported', 'native file dialogs exist only in the desktop app');
  };
  return {
    'settings.get': () => readSettings(ctx),
    'settings.set': ({ patch }) => {
      if (patch.grantedFolders !== undefined)
        patch = { ...patch, grantedFolders: checkGrantedFolders(patch.grantedFolders, ctx.dataDir) };
      for (const [k, v] of Object.entries(patch)) if (v !== undefined) ctx.store.settings.set(k, v);
      return readSettings(ctx);
    },
    'app.info': () => ({ version: VERSION, dataDir: ctx.dataDir, mode, nativeDialogs: mode === 'electron' }),
    'dialogs.openPlanFile': unsupported,
    'dialogs.savePlanFile': unsupported,
  };
}

/**
 * Granted folders as stored: absolute, existing folders, each once, none of them the data folder or inside it (the
 * database and the secret key live there; attached files are granted already). A folder that contains the data
 * folder may be granted: runs still never read the data folder.
 */
function checkGrantedFolders(folders: readonly string[], dataDir: string): string[] {
  const out: string[] = [];
  for (const f of folders) {
    if (!isAbsolute(f))
      throw new ContractError(
        'invalid_params',
        `'${f}' is not an absolute path: grant a folder by its full path, e.g. /home/me/load-data`,
      );
    const abs = resolve(f);
    let dir = false;
    try {
      dir = statSync(abs).isDirectory();
    } catch {
      /* reported below */
    }
    if (!dir) throw new ContractError('invalid_params', `${abs} is not an existing folder`);
    if (isInside(abs, resolve(dataDir)))
      throw new ContractError(
        'invalid_params',
        `${abs} is the app's data folder or inside it: plans never read it; attach files instead`,
      );
    if (!out.includes(abs)) out.push(abs);
  }
  return out;
}
