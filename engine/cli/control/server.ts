/**
 * The control API of a running `loadsmith run` (api.ts): loopback only, behind a random token, answering for the
 * run going now (with --repeat, the current repeat). A refusal (an execution segment, an iteration executor...) is
 * 409 with the engine's reason. Requests are small JSON; anything else is refused before it is read in full.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ControlError, type RunHandle, type RunInfo } from '../../run/run-plan.ts';
import { LOOPBACK } from './address.ts';
import { ScaleBody, type ControlReply, type StatusReply } from './api.ts';

const MAX_BODY = 4096;

export class ControlServer {
  readonly token = randomBytes(24).toString('base64url');
  private readonly server: Server;
  private readonly file: string;
  private run: RunHandle | undefined;
  private info: RunInfo | undefined;
  private elapsedMs: number | undefined;

  private constructor(server: Server, file: string) {
    this.server = server;
    this.file = file;
  }

  /** Listens on `host:port` (0: a free port). */
  static async start(host: string, port: number, file: string): Promise<ControlServer> {
    const server = createServer();
    const self = new ControlServer(server, file);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      void self.handle(req, res);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return self;
  }

  /** host:port as listening (IPv6 in brackets). */
  get address(): string {
    const a = this.server.address() as AddressInfo;
    return `${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`;
  }

  /** The run the API controls from now on (undefined: none, e.g. between repeats). */
  attach(run: RunHandle | undefined): void {
    this.run = run;
    this.info = undefined;
    this.elapsedMs = undefined;
    run?.on('start', (i) => {
      if (this.run === run) this.info = i;
    });
    run?.on('tick', (t) => {
      if (this.run === run) this.elapsedMs = t.elapsedMs;
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const reply = (status: number, body: unknown): void => {
      res
        .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify(body));
    };
    // DNS rebinding: a page on another name that resolves here is refused by its Host; the token does the rest.
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
    if (!LOOPBACK.has(host)) {
      reply(403, { error: 'this API answers requests to a loopback address only' });
      return;
    }
    if (!this.authorized(req.headers.authorization)) {
      reply(401, {
        error: "missing or wrong token: use loadsmith pause|resume|scale|status, which read it from the run's entry",
      });
      return;
    }
    const path = new URL(req.url ?? '/', 'http://control.invalid').pathname;
    const route = `${req.method ?? ''} ${path}`;
    try {
      if (route === 'GET /v1/status') {
        reply(200, this.status());
        return;
      }
      if (!['POST /v1/pause', 'POST /v1/resume', 'POST /v1/scale'].includes(route)) {
        reply(['/v1/status', '/v1/pause', '/v1/resume', '/v1/scale'].includes(path) ? 405 : 404, {
          error: `no ${route}: the API has GET /v1/status, POST /v1/pause, /v1/resume and /v1/scale`,
        });
        return;
      }
      const body = await readJson(req);
      const run = this.run;
      if (!run) {
        reply(409, {
          error:
            'no test is running right now (it has not started, or it has ended: between repeats, or writing reports)',
        });
        return;
      }
      const events = path === '/v1/pause' ? run.pause() : path === '/v1/resume' ? run.resume() : scale(run, body);
      const result: ControlReply = { events, state: run.controlState ?? { paused: false, targets: {} } };
      reply(200, result);
    } catch (e) {
      if (e instanceof ControlError) reply(409, { error: e.message });
      else if (e instanceof BadRequest) reply(400, { error: e.message });
      else reply(500, { error: `internal error: ${(e as Error).message}` });
    }
  }

  private status(): StatusReply {
    const state = this.run?.controlState;
    return {
      pid: process.pid,
      plan: this.info?.plan ?? '',
      file: this.file,
      running: this.run !== undefined && this.info !== undefined,
      ...(this.elapsedMs !== undefined ? { elapsedMs: this.elapsedMs } : {}),
      ...(state ? { state } : {}),
      ...(this.info ? { scenarios: this.info.scenarios } : {}),
      ...(this.info?.controlRefusal ? { refusal: this.info.controlRefusal } : {}),
    };
  }

  private authorized(header: string | undefined): boolean {
    const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '');
    const want = Buffer.from(this.token);
    return given.length === want.length && timingSafeEqual(given, want);
  }
}

class BadRequest extends Error {}

function scale(run: RunHandle, body: unknown): ReturnType<RunHandle['scale']> {
  const parsed = ScaleBody.safeParse(body ?? {});
  if (!parsed.success)
    throw new BadRequest(
      `a scale needs { "vus": N } or { "rate": R } (iterations per second), optionally "scenario": ${parsed.error.issues[0]?.message ?? ''}`,
    );
  const { scenario, vus, rate } = parsed.data;
  return run.scale(scenario, vus !== undefined ? { vus } : { rate: rate as number });
}

/** The request's JSON body (none: undefined), at most MAX_BODY bytes. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > MAX_BODY) throw new BadRequest(`the body is over ${MAX_BODY} bytes`);
    chunks.push(c);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new BadRequest('the body is not JSON');
  }
}
