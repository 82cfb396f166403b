/**
 * WebSocket servers for the tests, on 127.0.0.1 port 0: an echo server that counts what it gets (messages, pings,
 * handshake headers, close codes), optionally over TLS; a server that refuses the handshake; one that accepts TCP
 * and never answers.
 */
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface EchoServer {
  url: string;
  /** Messages received, as text (binary ones in base64). */
  received: string[];
  pings: number;
  /** Handshake requests' headers, one per connection. */
  handshakes: IncomingMessage['headers'][];
  /** Close codes the clients sent. */
  closes: number[];
  /** Subprotocol each connection chose. */
  protocols: string[];
  close(): Promise<void>;
}

export interface EchoOptions {
  /** Closes the connection with this code after this many messages. */
  closeAfter?: { messages: number; code: number; reason: string };
  /** Sends these messages first, on connection. */
  greet?: string[];
  /** wss; with `ca`, only clients with a certificate signed by it get in. */
  tls?: { key: string; cert: string; ca?: string };
  /** Set-Cookie of the handshake response. */
  setCookie?: string;
}

export async function startEchoServer(o: EchoOptions = {}): Promise<EchoServer> {
  const server: Server = o.tls
    ? createHttpsServer({
        key: o.tls.key,
        cert: o.tls.cert,
        ...(o.tls.ca !== undefined ? { ca: o.tls.ca, requestCert: true, rejectUnauthorized: true } : {}),
      })
    : createHttpServer();
  const wss = new WebSocketServer({ server, handleProtocols: (offered) => [...offered].at(-1) ?? false });
  const s: EchoServer = {
    url: '',
    received: [],
    pings: 0,
    handshakes: [],
    closes: [],
    protocols: [],
    close: async () => undefined,
  };
  if (o.setCookie !== undefined) wss.on('headers', (headers) => headers.push(`Set-Cookie: ${o.setCookie}`));
  wss.on('connection', (ws: WebSocket, req) => {
    s.handshakes.push(req.headers);
    s.protocols.push(ws.protocol);
    let n = 0;
    for (const g of o.greet ?? []) ws.send(g);
    ws.on('ping', () => {
      s.pings++;
    });
    ws.on('close', (code) => {
      s.closes.push(code);
    });
    ws.on('message', (data, binary) => {
      const buf = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      s.received.push(binary ? buf.toString('base64') : buf.toString('utf8'));
      n++;
      ws.send(data, { binary });
      if (o.closeAfter && n >= o.closeAfter.messages) ws.close(o.closeAfter.code, o.closeAfter.reason);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  s.url = `${o.tls ? 'wss' : 'ws'}://127.0.0.1:${port}`;
  s.close = async () => {
    for (const c of wss.clients) c.terminate();
    await new Promise<void>((r) => wss.close(() => r()));
    await new Promise<void>((r) => server.close(() => r()));
  };
  return s;
}

/** An HTTP server that answers every upgrade with `status`. */
export async function startRefusingServer(status: number): Promise<{ url: string; close(): Promise<void> }> {
  const server = createHttpServer((_req, res) => {
    res.writeHead(status).end('no');
  });
  server.on('upgrade', (_req, socket: Socket) => {
    socket.end(`HTTP/1.1 ${status} Nope\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Accepts TCP connections and never answers: a handshake that never ends. */
export async function startSilentServer(): Promise<{ url: string; connections: number; close(): Promise<void> }> {
  const sockets: Socket[] = [];
  const out = { url: '', connections: 0, close: async () => undefined as void };
  const server: TcpServer = createTcpServer((socket) => {
    out.connections++;
    sockets.push(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  out.url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  out.close = () =>
    new Promise((r) => {
      for (const s of sockets) s.destroy();
      server.close(() => r());
    });
  return out;
}
