/** settings.* and app.*: preferences, and what the back end is. */
import { z } from 'zod';

export const Settings = z.object({
  theme: z.enum(['system', 'light', 'dark']),
  /** Worker threads for runs started from the app; null = the engine's default. */
  workers: z.int().min(1).max(256).nullable(),
  lastEnvironmentId: z.string().nullable(),
  /**
   * Folders whose files every plan run from the app may read, by absolute path (besides the files attached in the
   * app). Never the app's data folder, whatever is granted.
   */
  grantedFolders: z.array(z.string().min(1).max(4096)).max(50),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  workers: null,
  lastEnvironmentId: null,
  grantedFolders: [],
};

/** Commands the desktop menu sends to the UI (the browser UI offers the same actions as buttons). */
export const APP_COMMANDS = ['plan.new', 'plan.import', 'plan.export'] as const;
export type AppCommand = (typeof APP_COMMANDS)[number];
export const appEvents = {
  'app.command': z.object({ command: z.enum(APP_COMMANDS) }),
} as const;

export const settingsMethods = {
  'settings.get': { params: z.strictObject({}), result: Settings },
  'settings.set': { params: z.strictObject({ patch: Settings.partial().strict() }), result: Settings },
  'app.info': {
    params: z.strictObject({}),
    result: z.object({
      version: z.string(),
      dataDir: z.string(),
      mode: z.enum(['browser', 'electron']),
      nativeDialogs: z.boolean(),
    }),
  },
  /** Native file dialogs: Electron only; browser mode answers `unsupported` (the UI uses file inputs and downloads). */
  'dialogs.openPlanFile': {
    params: z.strictObject({}),
    result: z.object({ fileName: z.string(), text: z.string() }).nullable(),
  },
  'dialogs.savePlanFile': {
    params: z.strictObject({ fileName: z.string(), text: z.string() }),
    result: z.object({ path: z.string() }).nullable(),
  },
} as const;
