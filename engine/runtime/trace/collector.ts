/**
 * Collects what the VU code path reports (see hook.ts) per run of a request step, converting each hop at once so a
 * large body is never held longer than its exchange, and counts exchanges against the call's limit. Inside loops a
 * request runs once per pass: each run is its own entry, with the passes it ran in; flow decisions are kept too.
 */
import type { CompiledLoop } from '../compile/flow.ts';
import type { CompiledStep } from '../compile/steps.ts';
import type { CompiledRequest } from '../compile/request.ts';
import type { ExtractOutcome } from '../extract.ts';
import type { ExchangeResult } from '../http/types.ts';
import {
  bodyText,
  firstHeader,
  headerPairs,
  NO_TIMINGS,
  REQUEST_BODY_LIMIT,
  RESPONSE_BODY_LIMIT,
  responseHeaderPairs,
  timingsMs,
  type TraceEntry,
} from './entry.ts';
import { flowDraft, type FlowDraft, type FlowTraceEntry } from './flow-entry.ts';
import type { CompiledGrpc } from '../grpc/compile.ts';
import { codeName } from '../grpc/response.ts';
import type { FlowEvent, GrpcTraceCall, RequestTrace, SentRequest, TracedStep } from './hook.ts';
import type { WsTraceDraft, WsTraceEntry } from '../ws/trace.ts';

type Draft = Omit<TraceEntry, 'scenario' | 'group' | 'path' | 'name'>;

/** One run of a request step: its entry so far, when it started (for ordering) and the loop passes it ran in. */
interface Run {
  req: TracedStep;
  draft: Draft;
  seq: number;
  sent: boolean;
}

/** Where a compiled request sits in the document. */
export interface RequestSite {
  req: TracedStep;
  path: (string | number)[];
}

export class TraceCollector implements RequestTrace {
  /** The current run of each request; a new loop pass starts new runs. */
  private readonly open = new Map<TracedStep, Run>();
  private readonly runs: Run[] = [];
  /** Bumped at each loop pass and loop end: runs sort by it, then by document order. */
  private seq = 0;
  /** The loops running now, innermost last, with their current pass. */
  private readonly loops: { step: CompiledLoop<CompiledStep>; pass: number }[] = [];
  private flows: FlowDraft[] = [];
  private sockets: WsTraceDraft[] = [];
  private readonly maxExchanges: number;
  private readonly onLimit: () => void;
  /** Exchanges sent so far (redirect hops included). */
  exchanges = 0;
  /** Why in-flight requests were interrupted, once the call's deadline or request limit stopped the VU. */
  stopReason: string | undefined;

  constructor(maxExchanges: number, onLimit: () => void) {
    this.maxExchanges = maxExchanges;
    this.onLimit = onLimit;
  }

  get limitReached(): boolean {
    return this.exchanges >= this.maxExchanges;
  }

  exchange(req: CompiledRequest, sent: SentRequest, res: ExchangeResult): void {
    const run = this.run(req);
    const p = run.draft;
    const contentType = sent.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === 'content-type');
    const body = bodyText(sent.body, REQUEST_BODY_LIMIT, contentType >= 0 ? sent.headers[contentType + 1] : null);
    if (run.sent) p.redirects++;
    run.sent = true;
    p.request = {
      method: sent.method,
      url: sent.url,
      headers: headerPairs(sent.headers),
      body: sent.body === null ? null : body.text,
      bodyTruncated: body.truncated,
    };
    p.timings = timingsMs(res);
    if (res.interrupted) {
      p.response = null;
      p.error = { kind: 'interrupted', message: this.stopReason ?? 'interrupted before the response arrived' };
    } else if (res.status === 0) {
      p.response = null;
      p.error = res.error ?? { kind: 'other', message: 'no response' };
    } else {
      const type = firstHeader(res.headers, 'content-type');
      const shown = bodyText(res.body, RESPONSE_BODY_LIMIT, type);
      p.response = {
        status: res.status,
        headers: responseHeaderPairs(res.headers),
        body: shown.text,
        bodyTruncated: shown.truncated || res.bodyTruncated,
        size: res.bytesReceived,
        contentType: type,
      };
      p.error = res.error ?? null; // a response can still fail the request: a redirect chain cut short by maxRedirects
    }
    if (++this.exchanges === this.maxExchanges) this.onLimit();
  }

  failed(req: TracedStep, kind: string, message: string): void {
    const run = this.run(req);
    const p = run.draft;
    p.error = { kind, message };
    if (req.kind === 'grpc') {
      if (!run.sent) p.request.url = `grpc://${req.target.source}/${req.method}`;
      return;
    }
    // Nothing was sent: show the URL as written, which is what the message is about.
    if (!run.sent)
      p.request.url =
        req.baseUrl && !/^https?:\/\//i.test(req.url.source)
          ? `${req.baseUrl.source}${req.url.source}`
          : req.url.source;
  }

  grpc(step: CompiledGrpc, call: GrpcTraceCall): void {
    const run = this.run(step);
    const p = run.draft;
    run.sent = true;
    const body = bodyText(
      JSON.stringify(call.messages.length === 1 ? call.messages[0] : call.messages),
      REQUEST_BODY_LIMIT,
      'application/json',
    );
    p.request = {
      method: 'GRPC',
      url: `grpc://${call.target}/${step.method}`,
      headers: call.metadata,
      body: body.text,
      bodyTruncated: body.truncated,
    };
    const r = call.response;
    if (r === undefined) {
      p.response = null;
      p.error = { kind: 'interrupted', message: this.stopReason ?? 'interrupted before the call ended' };
    } else {
      const shown = bodyText(r.text(), RESPONSE_BODY_LIMIT, 'application/json');
      p.timings = { ...NO_TIMINGS, duration: r.durationMs };
      p.response = {
        status: r.status,
        headers: responseHeaderPairs(r.headers),
        body: shown.text,
        bodyTruncated: shown.truncated,
        size: shown.text.length,
        contentType: 'application/json',
      };
      p.grpc = {
        code: r.status,
        status: codeName(r.status),
        details: r.details,
        trailers: responseHeaderPairs(r.trailers.headers),
      };
      p.error =
        r.status === 0
          ? null
          : {
              kind: `grpc-${codeName(r.status).toLowerCase().replaceAll('_', '-')}`,
              message: r.details || codeName(r.status),
            };
    }
    if (++this.exchanges === this.maxExchanges) this.onLimit();
  }

  check(req: TracedStep, name: string, reason: string | undefined): void {
    this.run(req).draft.checks.push({ name, ok: reason === undefined, reason: reason ?? null });
  }

  extract(req: TracedStep, variable: string, outcome: ExtractOutcome, value: unknown): void {
    const reason = outcome.ok ? null : value !== undefined ? `${outcome.reason}; the default was used` : outcome.reason;
    // null, not undefined, for an unset variable: the entry crosses JSON and the contract requires the key.
    this.run(req).draft.extracted.push({ variable, ok: outcome.ok, value: value === undefined ? null : value, reason });
  }

  flow(event: FlowEvent): void {
    const passes = this.loops.map((l) => l.pass);
    if (event.what === 'pass') {
      const top = this.loops[this.loops.length - 1];
      if (top?.step === event.step) top.pass = event.pass;
      else this.loops.push({ step: event.step, pass: event.pass });
      this.open.clear();
      this.seq++;
      return;
    }
    if (event.what === 'end') {
      if (this.loops[this.loops.length - 1]?.step === event.step) this.loops.pop();
      this.open.clear();
      this.seq++;
    }
    this.flows.push(flowDraft(event, event.what === 'end' ? this.loops.map((l) => l.pass) : passes));
  }

  /** Entries of the requests that ran, in the order they ran (document order within a loop pass). */
  entries(scenario: string, sites: readonly RequestSite[]): TraceEntry[] {
    const where = new Map(sites.map((site, i) => [site.req, { ...site, i }]));
    const mine = this.runs.filter((r) => where.has(r.req));
    mine.sort((a, b) => a.seq - b.seq || (where.get(a.req)?.i ?? 0) - (where.get(b.req)?.i ?? 0));
    return mine.map(({ req, draft }) => ({
      scenario,
      group: req.group,
      path: where.get(req)?.path ?? [],
      name: req.name,
      ...draft,
    }));
  }

  websocket(entry: WsTraceDraft): void {
    const passes = this.loops.map((l) => l.pass);
    this.sockets.push(passes.length > 0 ? { ...entry, passes } : entry);
  }

  /** WebSocket sessions since the last call, for `scenario`, in the order they ended. */
  takeWebSockets(scenario: string): WsTraceEntry[] {
    const out = this.sockets.map((w) => ({ scenario, ...w }));
    this.sockets = [];
    return out;
  }

  /** Flow decisions since the last call, for `scenario`. */
  takeFlow(scenario: string): FlowTraceEntry[] {
    const out = this.flows.map((f) => ({ scenario, ...f }));
    this.flows = [];
    return out;
  }

  private run(req: TracedStep): Run {
    let run = this.open.get(req);
    if (!run) {
      const passes = this.loops.map((l) => l.pass);
      const draft: Draft = {
        request: {
          method: req.kind === 'grpc' ? 'GRPC' : req.method,
          url: '',
          headers: [],
          body: null,
          bodyTruncated: false,
        },
        response: null,
        timings: NO_TIMINGS,
        error: null,
        checks: [],
        extracted: [],
        redirects: 0,
        // Only inside loops: entries elsewhere keep the shape they always had.
        ...(passes.length > 0 ? { passes } : {}),
      };
      run = { req, draft, seq: this.seq, sent: false };
      this.open.set(req, run);
      this.runs.push(run);
    }
    return run;
  }
}
