/** Starts `loadsmith ui` (browser mode) as a child process with its own data dir and port, like a user would. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/loadsmith.js', import.meta.url));

export interface RunningUi {
  url: string;
  loginUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function newDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'loadsmith-e2e-'));
}

export function startUi(dataDir: string): Promise<RunningUi> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [BIN, 'ui', '--no-open', '--port', '0', '--data-dir', dataDir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`loadsmith ui did not start:\n${out}\n${err}`)), 20_000);
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      const loginUrl = m[1] as string;
      resolve({
        loginUrl,
        url: new URL(loginUrl).origin,
        dataDir,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) {
              done();
              return;
            }
            child.once('exit', () => done());
            child.kill('SIGINT');
          }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!out.includes('Open:')) reject(new Error(`loadsmith ui exited (${code}):\n${err}`));
    });
  });
}
