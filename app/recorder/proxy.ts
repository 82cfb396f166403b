/**
 * The recording proxy: mockttp on 127.0.0.1 only (never on the network), HTTP and HTTPS (intercepted with the
 * recorder's CA), forwarding every request to its server (or through an upstream proxy) and reporting each
 * exchange to the capture. Hosts outside `allowHosts` (when given) are refused without being contacted.
 */
import type { Server } from 'node:net';
import type { Mockttp } from 'mockttp';
import { Capture, type CapturedEvent } from './capture.ts';

export interface ProxyOptions {
  ca: { keyPem: string; certificatePem: string };
  /** 0 or undefined: a free port. */
  port?: number;
  /** http://[user:pass@]host:port of a proxy to forward through. */
  upstreamProxy?: string;
  /** Hosts whose HTTPS certificate is not checked (self-signed test servers); none by default. */
  insecureHosts?: readonly string[];
  /** Only these hosts are forwarded and recorded (hostnames, `*.example.com` for subdomains); default: all. */
  allowHosts?: readonly string[];
  /** Bytes of a body the proxy buffers for the recording (default 8 MiB; larger bodies pass but are not kept). */
  maxBodySize?: number;
}

export interface RecordingProxy {
  readonly port: number;
  readonly url: string;
  /** The address it listens on (always 127.0.0.1). */
  readonly address: string;
  stop(): Promise<void>;
}

export const LOOPBACK = '127.0.0.1';

export async function startProxy(o: ProxyOptions, onEvent: (e: CapturedEvent) => void): Promise<RecordingProxy> {
  const mockttp = await import('mockttp');
  const maxBodySize = o.maxBodySize ?? 8 * 1024 * 1024;
  const server = mockttp.getLocal({
    https: { key: o.ca.keyPem, cert: o.ca.certificatePem },
    recordTraffic: false,
    maxBodySize,
    http2: 'fallback',
  });
  const listening = bindToLoopback(server);
  const allowed = hostFilter(o.allowHosts);
  // always(): a mockttp rule without it stops matching after its first use (the next rule would forward the request).
  await server
    .forAnyRequest()
    .always()
    .matching((req) => !allowed(hostnameOf(req.url)))
    .thenReply(403, "Loadsmith recorder: this host is not in the recording's allowed hosts", {
      'content-type': 'text/plain',
    });
  const insecure = (o.insecureHosts ?? []).flatMap((h) => [h, h.replace(/:\d+$/, '')]);
  const forward = {
    ...(insecure.length > 0 ? { ignoreHostHttpsErrors: [...new Set(insecure)] } : {}),
    ...(o.upstreamProxy ? { proxyConfig: { proxyUrl: o.upstreamProxy } } : {}),
  };
  await server.forAnyRequest().always().thenPassThrough(forward);
  // WebSockets pass through (ws, and wss intercepted with the CA like HTTPS); the capture records their messages.
  await server
    .forAnyWebSocket()
    .always()
    .matching((req) => !allowed(hostnameOf(req.url)))
    .thenRejectConnection(403);
  await server.forAnyWebSocket().always().thenPassThrough(forward);
  const capture = new Capture({ maxBodySize, skip: (url) => !allowed(hostnameOf(url)) }, onEvent);
  capture.attach(server);
  try {
    await server.start(o.port ?? 0);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new Error(
        `port ${o.port} on ${LOOPBACK} is in use: choose another port, or leave it empty for a free one`,
        { cause: e },
      );
    throw e;
  }
  const address = listening.server()?.address();
  if (!address || typeof address === 'string' || address.address !== LOOPBACK) {
    await server.stop();
    throw new Error(
      `the recording proxy did not bind to ${LOOPBACK} only (got ${JSON.stringify(address)}): refusing to record`,
    );
  }
  return {
    port: address.port,
    url: `http://${LOOPBACK}:${address.port}`,
    address: address.address,
    stop: async () => {
      capture.detach();
      await server.stop();
    },
  };
}

/**
 * mockttp listens on every interface and has no option for it; its server calls `listen(port)` on the net.Server it
 * keeps in `server`. Wrapping that one object's listen binds it to 127.0.0.1 (checked after start).
 */
function bindToLoopback(m: Mockttp): { server: () => Server | undefined } {
  let inner: Server | undefined;
  Object.defineProperty(m, 'server', {
    configurable: true,
    get: () => inner,
    set: (s: Server | undefined) => {
      inner = s;
      if (!s) return;
      const listen = s.listen.bind(s) as (...args: unknown[]) => Server;
      Object.assign(s, {
        listen: (port: unknown, ...rest: unknown[]) =>
          typeof port === 'number' ? listen(port, LOOPBACK, ...rest) : listen(port, ...rest),
      });
    },
  });
  return { server: () => inner };
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return '';
  }
}

/** `example.com` matches itself, `*.example.com` its subdomains too; no list allows every host. */
export function hostFilter(hosts: readonly string[] | undefined): (hostname: string) => boolean {
  if (!hosts || hosts.length === 0) return () => true;
  const rules = hosts.map((h) => h.trim().toLowerCase().replace(/:\d+$/, '')).filter(Boolean);
  return (hostname) =>
    rules.some((r) => (r.startsWith('*.') ? hostname === r.slice(2) || hostname.endsWith(r.slice(1)) : hostname === r));
}
