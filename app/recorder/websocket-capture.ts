/**
 * mockttp's WebSocket events -> recorded exchanges: the handshake (URL, headers, the server's answer) and the
 * messages both ways in order, with their time, kind (text, or binary kept as base64) and size. A session gets its
 * id when its handshake arrives (from the same counter as HTTP entries, so ids follow the order of requests) and is
 * reported when it closes, is cut, or the recording stops. Bounded: so many messages per session, so many bytes of
 * each; what is left out is counted on the exchange.
 */
import type { AbortedRequest, CompletedRequest, CompletedResponse, Mockttp, WebSocketMessage } from 'mockttp';
import type { RecordedExchange, RecordedWebSocketMessage } from 'loadsmith/convert';

/** Messages a recording keeps of one session; later ones are counted, not kept. */
export const SESSION_MESSAGE_CAP = 1000;
/** Bytes a recording keeps of one message (16 KiB); a longer one is kept cut and flagged. */
export const MESSAGE_BYTES_CAP = 16 * 1024;

interface Session {
  id: number;
  request: CompletedRequest;
  response?: CompletedResponse;
  messages: RecordedWebSocketMessage[];
  dropped: number;
}

export class WebSocketCapture {
  private readonly open = new Map<string, Session>();
  private readonly o: {
    skip: (url: string) => boolean;
    nextId: () => number;
    onExchange: (x: RecordedExchange) => void;
  };

  constructor(o: WebSocketCapture['o']) {
    this.o = o;
  }

  attach(server: Mockttp): void {
    void server.on('websocket-request', (request) => {
      if (this.o.skip(request.url)) return;
      this.open.set(request.id, { id: this.o.nextId(), request, messages: [], dropped: 0 });
    });
    void server.on('websocket-accepted', (res) => {
      const s = this.open.get(res.id);
      if (s) s.response = res;
    });
    // mockttp's words are its own side's: it *receives* what the client sends and *sends* what the server answers.
    void server.on('websocket-message-received', (m) => this.message(m, 'send'));
    void server.on('websocket-message-sent', (m) => this.message(m, 'receive'));
    void server.on('websocket-close', (c) =>
      this.finish(c.streamId, c.timingEvents.wsClosedTimestamp, {
        ...(c.closeCode !== undefined ? { code: c.closeCode } : {}),
        ...(c.closeReason ? { reason: c.closeReason } : {}),
      }),
    );
    // A handshake the server refused ends as a plain response; an unclean end as an abort.
    void server.on('response', (res) => {
      const s = this.open.get(res.id);
      if (s && !s.response) s.response = res;
      this.finish(res.id, res.timingEvents.responseSentTimestamp, { error: 'the server refused the WebSocket' });
    });
    void server.on('abort', (req: AbortedRequest) =>
      this.finish(req.id, req.timingEvents.abortedTimestamp, {
        error: req.error?.code ?? req.error?.message ?? 'the connection ended without a close frame',
      }),
    );
  }

  /** Sessions still open are recorded as they are. */
  stop(): void {
    for (const id of [...this.open.keys()])
      this.finish(id, undefined, { error: 'still open when the recording stopped' });
  }

  private message(m: WebSocketMessage, type: 'send' | 'receive'): void {
    const s = this.open.get(m.streamId);
    if (!s) return;
    if (s.messages.length >= SESSION_MESSAGE_CAP) {
      s.dropped++;
      return;
    }
    const bytes = Buffer.from(m.content.buffer, m.content.byteOffset, m.content.byteLength);
    const kept = bytes.length > MESSAGE_BYTES_CAP ? bytes.subarray(0, MESSAGE_BYTES_CAP) : bytes;
    s.messages.push({
      type,
      time: epochMs(s.request, m.eventTimestamp),
      opcode: m.isBinary ? 2 : 1,
      data: m.isBinary ? kept.toString('base64') : kept.toString('utf8'),
      size: bytes.length,
      ...(kept.length < bytes.length ? { truncated: true } : {}),
    });
  }

  private finish(
    streamId: string,
    endTimestamp: number | undefined,
    closed: { code?: number; reason?: string; error?: string },
  ): void {
    const s = this.open.get(streamId);
    if (!s) return;
    this.open.delete(streamId);
    const req = s.request;
    const last = s.messages.at(-1)?.time;
    const ms =
      endTimestamp !== undefined
        ? endTimestamp - req.timingEvents.startTimestamp
        : last !== undefined
          ? last - req.timingEvents.startTime
          : 0;
    const x: RecordedExchange = {
      id: s.id,
      startedAt: req.timingEvents.startTime,
      durationMs: Math.max(0, Math.round(ms * 10) / 10),
      method: req.method,
      url: req.url,
      httpVersion: `HTTP/${req.httpVersion}`,
      requestHeaders: req.rawHeaders.map(([k, v]): [string, string] => [k, v]),
      status: s.response?.statusCode ?? 0,
      statusText: s.response?.statusMessage ?? '',
      responseHeaders: (s.response?.rawHeaders ?? []).map(([k, v]): [string, string] => [k, v]),
      webSocket: {
        messages: s.messages,
        ...(s.dropped > 0 ? { dropped: s.dropped } : {}),
        closed,
      },
    };
    if (!s.response) x.error = closed.error ?? 'no answer to the WebSocket handshake';
    this.o.onExchange(x);
  }
}

/** A message's time since the epoch: the handshake's start plus the monotonic time since then. */
function epochMs(req: CompletedRequest, timestamp: number): number {
  return req.timingEvents.startTime + (timestamp - req.timingEvents.startTimestamp);
}
