/**
 * The benchmark targets (built by scripts/install-bench-tools.sh), each pinned to its own core with GOMAXPROCS=1, on
 * free loopback ports, with a request counter the sampler reads: bench/target, a Go hello-world (with `-raw`, its
 * minimal HTTP/1.1 loop instead of net/http: about twice the requests per core, the ceiling workload), and
 * bench/grpc-target, lookup.Lookup/Get over plaintext gRPC (the grpc workload).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { request } from 'node:http';

export interface Target {
  url: string;
  /** host:port, as gRPC tools take it. */
  addr: string;
  pid: number;
  served(): Promise<number>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** GET http://127.0.0.1:port/path as text (node:http, one fresh connection: nothing kept open in the harness). */
function getText(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let s = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        s += c;
      });
      res.on('end', () => resolve(s));
    });
    req.on('error', reject);
    req.setTimeout(2000, () => req.destroy(new Error('timeout')));
    req.end();
  });
}

export async function startTarget(binary: string, cpus: string, extraArgs: readonly string[] = []): Promise<Target> {
  if (!existsSync(binary)) throw new Error(`no benchmark target at ${binary}: run bash scripts/install-bench-tools.sh`);
  const port = await freePort();
  const statsPort = await freePort();
  const child: ChildProcess = spawn(
    'taskset',
    ['-c', cpus, binary, '-addr', `127.0.0.1:${port}`, '-stats', `127.0.0.1:${statsPort}`, ...extraArgs],
    {
      env: { ...process.env, GOMAXPROCS: '1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const served = async (): Promise<number> => Number(await getText(statsPort, '/count'));
  for (let i = 0; ; i++) {
    try {
      await served();
      break;
    } catch (e) {
      if (i > 50 || child.exitCode !== null)
        throw new Error(`the target did not start: ${(e as Error).message}`, { cause: e });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url: `http://127.0.0.1:${port}/`,
    addr: `127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    served,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
