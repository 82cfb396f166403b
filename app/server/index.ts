/**
 * Browser mode (`loadsmith ui`): the contract over HTTP (`POST /api/call`) and WebSocket (`/api/events`),
 * plus the built renderer, on 127.0.0.1 only, behind a random token exchanged for an HttpOnly cookie.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertUsableToken, generateToken } from './auth.ts';
import { createEventHub } from './events-socket.ts';
import { createRequestHandler } from './request-handler.ts';
import { DEFAULT_LIMITS, type UiServer, type UiServerOptions } from './types.ts';

export type { UiServer, UiServerOptions } from './types.ts';

/** The only address the server ever binds. */
export const HOST = '127.0.0.1';

/** Starts the server; resolves once it is listening. Rejects on a bad token or port, or when the port is taken. */
export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  const token = options.token ?? generateToken();
  assertUsableToken(token);
  const requestedPort = options.port ?? 0;
  if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) {
    throw new Error(`loadsmith ui: invalid port ${requestedPort}`);
  }
  const limits = { ...DEFAULT_LIMITS, ...options.limits };

  const server = createServer();
  await listen(server, requestedPort);
  // Handlers are attached before the event loop can deliver the first connection (we are still in microtasks).
  const port = (server.address() as AddressInfo).port;
  const hub = createEventHub({
    events: options.events,
    port,
    token,
    maxBufferedBytes: limits.maxBufferedBytes,
    keepAliveMs: limits.keepAliveMs,
    onError: options.onError,
  });
  server.on(
    'request',
    createRequestHandler({
      dispatcher: options.dispatcher,
      port,
      token,
      staticDir: options.staticDir,
      maxBodyBytes: limits.maxBodyBytes,
      onError: options.onError,
    }),
  );
  server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head));
  server.on('error', (error) => options.onError?.('http server error', error));

  const url = `http://${HOST}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    loginUrl: `${url}/?token=${encodeURIComponent(token)}`,
    port,
    token,
    close() {
      closing ??= shutDown(server, () => hub.close());
      return closing;
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: HOST, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function shutDown(server: Server, closeSockets: () => Promise<void>): Promise<void> {
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closeSockets();
  await stopped;
}
