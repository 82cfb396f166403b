/** Refusing a WebSocket handshake: a plain HTTP error reply on the raw socket, then the socket is closed. */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { securityHeaders } from './headers.ts';
import type { HttpErrorCode } from './respond.ts';

/** Writes `status` with an error envelope and ends the socket (destroyed once flushed). */
export function rejectUpgrade(
  socket: Duplex,
  port: number,
  status: number,
  code: HttpErrorCode,
  message: string,
): void {
  socket.on('error', () => socket.destroy());
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ ok: false, error: { code, message } });
  const headers: Record<string, string | number> = {
    ...securityHeaders(port),
    Connection: 'close',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  socket.once('finish', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
}
