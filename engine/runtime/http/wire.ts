/**
 * Bytes on the wire (data_sent, data_received as k6 counts them) for connections whose bytes are not the HTTP/1.1
 * messages themselves: TLS (records, handshakes, alerts) and HTTP/2 (frames, HPACK-compressed headers). The TCP
 * socket's own counters are shared out to the exchanges that use the connection: each exchange, when it ends, takes
 * what was read and written since the one before it took its share (the first takes the handshake). On a connection
 * carrying one request at a time that is exactly that request's bytes; with several at once (HTTP/2 streams,
 * pipelining) the total is exact and each gets the bytes that crossed while it was the last to end.
 */
import type { Socket } from 'node:net';

export const WIRE = Symbol('loadsmith.wire');

export class WireMeter {
  /** The TCP socket: under TLS, the one the TLS socket is wrapped around (its counters are the ciphertext). */
  private readonly tcp: Socket;
  private read = 0;
  private written = 0;

  constructor(tcp: Socket) {
    this.tcp = tcp;
  }

  /** Bytes read since the last call. */
  takeReceived(): number {
    const now = this.tcp.bytesRead;
    const n = now - this.read;
    this.read = now;
    return n > 0 ? n : 0;
  }

  /** Bytes written since the last call (handed to the socket: queued ones included). */
  takeSent(): number {
    const now = this.tcp.bytesWritten ?? this.written;
    const n = now - this.written;
    this.written = now;
    return n > 0 ? n : 0;
  }
}

/** A socket with its meter (set by the connector that opened it). */
export type MeteredSocket = { [WIRE]?: WireMeter };
