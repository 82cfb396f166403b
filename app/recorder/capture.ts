/**
 * mockttp's events -> recorded exchanges. An entry gets its id when its request starts (so ids follow the order
 * requests were made) and is reported when its response ends or it is aborted; WebSocket sessions likewise
 * (websocket-capture.ts), when they close. Bodies are decoded
 * (gzip, br...), kept up to a cap, text as text; binary responses are described, not kept.
 */
import type {
  AbortedRequest,
  CompletedBody,
  CompletedRequest,
  CompletedResponse,
  InitiatedRequest,
  Mockttp,
} from 'mockttp';
import { isTextual, mimeOf, type RecordedBody, type RecordedExchange } from 'loadsmith/convert';
import { WebSocketCapture } from './websocket-capture.ts';

/** The most of one body a recording keeps (1 MiB); larger bodies are kept truncated and flagged. */
export const STORED_BODY_CAP = 1024 * 1024;

export interface CapturedEvent {
  exchange: RecordedExchange;
}

interface Pending {
  id: number;
  startedAt: number;
  startTimestamp: number;
  initiated: InitiatedRequest;
  request?: CompletedRequest;
}

export class Capture {
  private readonly pending = new Map<string, Pending>();
  private readonly onEvent: (e: CapturedEvent) => void;
  private readonly o: { maxBodySize: number; skip: (url: string) => boolean };
  private nextId = 1;
  private active = true;
  private readonly webSockets: WebSocketCapture;

  constructor(o: { maxBodySize: number; skip: (url: string) => boolean }, onEvent: (e: CapturedEvent) => void) {
    this.o = o;
    this.onEvent = onEvent;
    this.webSockets = new WebSocketCapture({
      skip: o.skip,
      nextId: () => this.nextId++,
      onExchange: (exchange) => {
        if (this.active) this.onEvent({ exchange });
      },
    });
  }

  attach(server: Mockttp): void {
    this.webSockets.attach(server);
    void server.on('request-initiated', (req) => {
      if (!this.active || this.o.skip(req.url)) return;
      this.pending.set(req.id, {
        id: this.nextId++,
        startedAt: req.timingEvents.startTime,
        startTimestamp: req.timingEvents.startTimestamp,
        initiated: req,
      });
    });
    void server.on('request', (req) => {
      const p = this.pending.get(req.id);
      if (p) p.request = req;
    });
    void server.on('response', (res) => {
      void this.complete(res.id, res);
    });
    void server.on('abort', (req) => {
      void this.complete(req.id, undefined, req);
    });
  }

  detach(): void {
    this.webSockets.stop();
    this.active = false;
    this.pending.clear();
  }

  private async complete(requestId: string, res?: CompletedResponse, aborted?: AbortedRequest): Promise<void> {
    const p = this.pending.get(requestId);
    if (!p) return;
    this.pending.delete(requestId);
    const req = p.request ?? p.initiated;
    const requestHeaders = req.rawHeaders.map(([k, v]): [string, string] => [k, v]);
    const responseHeaders = (res?.rawHeaders ?? []).map(([k, v]): [string, string] => [k, v]);
    const end = res?.timingEvents.responseSentTimestamp ?? aborted?.timingEvents.abortedTimestamp ?? p.startTimestamp;
    const x: RecordedExchange = {
      id: p.id,
      startedAt: p.startedAt,
      durationMs: Math.max(0, Math.round((end - p.startTimestamp) * 10) / 10),
      method: req.method,
      url: req.url,
      httpVersion: `HTTP/${req.httpVersion}`,
      requestHeaders,
      status: res?.statusCode ?? 0,
      statusText: res?.statusMessage ?? '',
      responseHeaders,
    };
    const reqBody = p.request
      ? await body(p.request.body, mimeOf(requestHeaders), declaredLength(requestHeaders), this.o.maxBodySize, true)
      : undefined;
    if (reqBody) x.requestBody = reqBody;
    const resBody = res
      ? await body(res.body, mimeOf(responseHeaders), declaredLength(responseHeaders), this.o.maxBodySize, false)
      : undefined;
    if (resBody) x.responseBody = resBody;
    if (aborted) x.error = aborted.error?.code ?? aborted.error?.message ?? 'aborted before the response ended';
    if (this.active) this.onEvent({ exchange: x });
  }
}

function declaredLength(headers: readonly [string, string][]): number | undefined {
  const v = headers.find(([k]) => k.toLowerCase() === 'content-length')?.[1];
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
}

async function body(
  b: CompletedBody,
  mime: string,
  declared: number | undefined,
  maxBodySize: number,
  keepBinary: boolean,
): Promise<RecordedBody | undefined> {
  let data: Buffer;
  try {
    data = (await b.getDecodedBuffer()) ?? b.buffer;
  } catch {
    data = b.buffer; // an encoding we cannot decode: keep the bytes as sent
  }
  if (data.length === 0) {
    if (declared && declared > 0)
      return {
        size: declared,
        truncated: false,
        omitted: `larger than the ${maxBodySize / 1024 / 1024} MiB the proxy buffers`,
      };
    return undefined;
  }
  const truncated = data.length > STORED_BODY_CAP;
  const kept = truncated ? data.subarray(0, STORED_BODY_CAP) : data;
  if (isTextual(mime)) return { text: kept.toString('utf8'), size: data.length, truncated };
  if (keepBinary) return { base64: kept.toString('base64'), size: data.length, truncated };
  return { size: data.length, truncated: false, omitted: `binary content (${mime || 'unknown type'})` };
}
