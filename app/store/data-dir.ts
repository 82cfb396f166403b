/** Where Loadsmith keeps its database and key file by default, per platform, and creating that directory. */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * The default data directory: `LOADSMITH_DATA_DIR` when set; else on Linux (and other Unixes)
 * `$XDG_DATA_HOME/loadsmith` (an absolute XDG_DATA_HOME only, as the XDG spec says) or `~/.local/share/loadsmith`;
 * on macOS `~/Library/Application Support/Loadsmith`; on Windows `%APPDATA%\Loadsmith`
 * (falling back to `~\AppData\Roaming\Loadsmith`). Parameters exist for tests.
 */
export function defaultDataDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const set = (name: string): string | undefined => {
    const v = env[name];
    return v !== undefined && v.trim() !== '' ? v : undefined;
  };
  const override = set('LOADSMITH_DATA_DIR');
  if (override !== undefined) return path.resolve(override);
  if (platform === 'win32') {
    return path.win32.join(set('APPDATA') ?? path.win32.join(home, 'AppData', 'Roaming'), 'Loadsmith');
  }
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', 'Loadsmith');
  const xdg = set('XDG_DATA_HOME');
  if (xdg !== undefined && path.posix.isAbsolute(xdg)) return path.posix.join(xdg, 'loadsmith');
  return path.posix.join(home, '.local', 'share', 'loadsmith');
}

/** Creates the data directory (and missing parents) readable by the user only (0700); an existing one is left as is. */
export function ensureDataDir(dir: string): string {
  const abs = path.resolve(dir);
  mkdirSync(abs, { recursive: true, mode: 0o700 });
  return abs;
}
