/**
 * Launching a Chromium-family browser for recording: a fresh temporary profile (no cookies, extensions or sign-in
 * of the user's own), every request through the proxy (localhost too: `<-loopback>`), the recorder's CA trusted
 * by its key fingerprint for this process only, and Chromium's own background traffic switched off.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { displayFailure, missingDisplay } from './display.ts';

export interface LaunchOptions {
  executable: string;
  /** The environment the browser gets (default: the app's); its DISPLAY decides whether a window can open. */
  env?: NodeJS.ProcessEnv;
  proxyUrl: string;
  spkiFingerprint: string;
  startUrl?: string;
  /** No window (tests, CI). */
  headless?: boolean;
}

export interface LaunchedBrowser {
  pid: number;
  path: string;
  /** Resolves when the browser process has ended (closed by the user or by close()). */
  exited: Promise<void>;
  /** Ends the browser and deletes its temporary profile. */
  close(): Promise<void>;
}

const EARLY_EXIT_MS = 1000;
const STDERR_KEPT = 8192;

/** The browser program could not be started (missing, not a program, no permission). */
export class BrowserLaunchError extends Error {}

/**
 * What makes a Chromium record through the proxy: every request to it, localhost too (Chromium skips the proxy for
 * loopback unless told `<-loopback>`), trusting the recorder's CA by its key. Program arguments, not a shell line:
 * each is one argument as it stands (a shell would need `'--proxy-bypass-list=<-loopback>'` quoted).
 */
export function recordingFlags(proxyUrl: string, spkiFingerprint: string): string[] {
  return [
    `--proxy-server=${proxyUrl}`,
    '--proxy-bypass-list=<-loopback>',
    `--ignore-certificate-errors-spki-list=${spkiFingerprint}`,
  ];
}

export function chromiumArgs(o: LaunchOptions, profileDir: string): string[] {
  const args = [
    `--user-data-dir=${profileDir}`,
    ...recordingFlags(o.proxyUrl, o.spkiFingerprint),
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-default-apps',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--disable-domain-reliability',
    '--disable-client-side-phishing-detection',
    '--metrics-recording-only',
    '--disable-features=OptimizationHints,Translate,MediaRouter,AutofillServerCommunication,InterestFeedContentSuggestions',
  ];
  if (o.headless) args.push('--headless=new', '--disable-gpu');
  // Chromium refuses to start as root with its sandbox (containers, CI).
  if (process.platform === 'linux' && process.getuid?.() === 0) args.push('--no-sandbox');
  args.push(o.startUrl ?? 'about:blank');
  return args;
}

export async function launchChromium(o: LaunchOptions): Promise<LaunchedBrowser> {
  const env = o.env ?? process.env;
  const noDisplay = o.headless ? undefined : missingDisplay(env);
  if (noDisplay) throw new BrowserLaunchError(`cannot open the browser ${o.executable}: ${noDisplay}`);
  const profileDir = mkdtempSync(path.join(tmpdir(), 'loadsmith-browser-'));
  const child = spawn(o.executable, chromiumArgs(o, profileDir), {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: false,
    env,
  });
  // The first lines say why a browser ended at once; the rest is read and dropped so Chromium never blocks on it.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < STDERR_KEPT) stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawned = await new Promise<Error | undefined>((resolve) => {
    child.once('spawn', () => resolve(undefined));
    child.once('error', (e) => resolve(e));
  });
  // A browser runs for a while; a program that ends at once (not a browser, missing libraries) is reported.
  const early = spawned
    ? undefined
    : await Promise.race([
        exited.then(() => child.exitCode ?? child.signalCode),
        new Promise<undefined>((r) => setTimeout(() => r(undefined), EARLY_EXIT_MS)),
      ]);
  if (spawned || child.pid === undefined || early !== undefined) {
    rmSync(profileDir, { recursive: true, force: true });
    const display = early !== undefined && !o.headless ? displayFailure(stderr, env) : undefined;
    if (display) throw new BrowserLaunchError(`cannot open the browser ${o.executable}: ${display}`);
    const said = lastLine(stderr);
    const why =
      spawned?.message ??
      (early !== undefined ? `it ended at once (exit ${early})${said ? `: ${said}` : ''}` : 'no process');
    throw new BrowserLaunchError(`cannot start the browser ${o.executable}: ${why}; choose another browser path`, {
      cause: spawned,
    });
  }
  void exited.then(() => removeProfile(profileDir));
  return {
    pid: child.pid,
    path: o.executable,
    exited,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await removeProfile(profileDir);
    },
  };
}

/** The last line a program wrote that is not about D-Bus (Chromium's noise in containers). */
function lastLine(text: string): string | undefined {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/dbus/i.test(l))
    .at(-1)
    ?.slice(0, 300);
}

/** Chromium may still be writing for a moment after exit: a few tries. */
async function removeProfile(dir: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    try {
      rmSync(dir, { recursive: true, force: true });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
