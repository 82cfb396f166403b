/**
 * Installed Chromium-family browsers the recorder can launch: CHROMIUM_PATH first (as the tests use it), then the
 * standard places on Linux, macOS and Windows. Only files that exist and (outside Windows) are executable count.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export interface FoundBrowser {
  path: string;
  name: string;
}

export function browserCandidates(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): FoundBrowser[] {
  const out: FoundBrowser[] = [];
  if (env.CHROMIUM_PATH) out.push({ path: env.CHROMIUM_PATH, name: 'Chromium (CHROMIUM_PATH)' });
  if (platform === 'darwin') {
    for (const [app, name] of [
      ['Google Chrome', 'Google Chrome'],
      ['Chromium', 'Chromium'],
      ['Microsoft Edge', 'Microsoft Edge'],
      ['Brave Browser', 'Brave'],
    ]) {
      out.push({ path: `/Applications/${app}.app/Contents/MacOS/${app}`, name: name! });
    }
  } else if (platform === 'win32') {
    const roots = [env.PROGRAMFILES, env['PROGRAMFILES(X86)'], env.LOCALAPPDATA].filter((r): r is string => Boolean(r));
    for (const root of roots) {
      out.push({ path: path.win32.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'), name: 'Google Chrome' });
      out.push({ path: path.win32.join(root, 'Chromium', 'Application', 'chrome.exe'), name: 'Chromium' });
      out.push({
        path: path.win32.join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
        name: 'Microsoft Edge',
      });
    }
  } else {
    for (const [file, name] of [
      ['chromium', 'Chromium'],
      ['chromium-browser', 'Chromium'],
      ['google-chrome', 'Google Chrome'],
      ['google-chrome-stable', 'Google Chrome'],
      ['microsoft-edge', 'Microsoft Edge'],
      ['brave-browser', 'Brave'],
    ]) {
      for (const dir of ['/usr/bin', '/usr/local/bin', '/snap/bin']) out.push({ path: `${dir}/${file}`, name: name! });
    }
  }
  return out;
}

/** The candidates that are installed, without duplicates (a symlinked google-chrome is listed once per path). */
export function detectBrowsers(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
): FoundBrowser[] {
  const seen = new Set<string>();
  return browserCandidates(platform, env).filter((b) => {
    if (seen.has(b.path) || !isExecutable(b.path, platform)) return false;
    seen.add(b.path);
    return true;
  });
}

export function isExecutable(file: string, platform: NodeJS.Platform = process.platform): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    if (platform !== 'win32') accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
