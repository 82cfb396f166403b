/**
 * designer.* and files.*: what the plan designer needs beyond storage — send one request (Try it), run one
 * iteration of every scenario with a full trace (Validate), and data files for feeders.
 */
import { DATA_FORMATS } from 'loadsmith/plan';
import { z } from 'zod';
import { Id } from './common.ts';

const PathSchema = z.array(z.union([z.string(), z.number()]));
const HeaderList = z.array(z.tuple([z.string(), z.string()]));

export const Timings = z.object({
  blocked: z.number(),
  connecting: z.number(),
  tls: z.number(),
  sending: z.number(),
  waiting: z.number(),
  receiving: z.number(),
  duration: z.number(),
});

/** One request as sent and received, with what the plan's checks and extractions made of it. */
export const TraceEntry = z.object({
  scenario: z.string(),
  group: z.string(),
  /** Document path of the request step. */
  path: PathSchema,
  name: z.string(),
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: HeaderList,
    body: z.string().nullable(),
    bodyTruncated: z.boolean(),
  }),
  response: z
    .object({
      status: z.int(),
      headers: HeaderList,
      body: z.string(),
      bodyTruncated: z.boolean(),
      size: z.number(),
      contentType: z.string().nullable(),
    })
    .nullable(),
  timings: Timings,
  error: z.object({ kind: z.string(), message: z.string() }).nullable(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), reason: z.string().nullable() })),
  extracted: z.array(
    z.object({ variable: z.string(), ok: z.boolean(), value: z.unknown(), reason: z.string().nullable() }),
  ),
  /** Redirect hops followed before this response. */
  redirects: z.int(),
  /** Inside loops only: the pass of each enclosing loop (from 0), outermost first; each pass is an entry of its own. */
  passes: z.array(z.int()).optional(),
  /**
   * gRPC calls only: the status name and details, and the trailers. The request is method GRPC, url
   * grpc://target/package.Service/Method, the metadata as headers, the message(s) as a JSON body; the response's
   * status is the gRPC code, its headers the response metadata, its body the message (a stream's: the list).
   */
  grpc: z.object({ code: z.int(), status: z.string(), details: z.string(), trailers: HeaderList }).optional(),
});
export type TraceEntry = z.infer<typeof TraceEntry>;

/** What flow control decided during a Validate: which branch ran, how many loop passes, which weighted branch was drawn. */
export const FlowTraceEntry = z.object({
  scenario: z.string(),
  /** Document path of the flow step. */
  path: PathSchema,
  /** if, repeat, while, doWhile, forEach, randomSwitch, roundRobinSwitch or once. */
  kind: z.string(),
  /** Pass of each enclosing loop, outermost first. */
  passes: z.array(z.int()),
  /** if: 'then' or 'else' (null: false, no else); a switch: the branch's index; null for loops and once. */
  branch: z.union([z.literal('then'), z.literal('else'), z.int(), z.null()]),
  /** Loops: passes made; once: 1 when it ran, 0 when skipped. */
  count: z.int().nullable(),
  /** A while or doWhile stopped by its max with its condition still true. */
  hitMax: z.boolean(),
  /** The decision in words. */
  text: z.string(),
});
export type FlowTraceEntry = z.infer<typeof FlowTraceEntry>;

/** A WebSocket session during a Validate: the handshake, every message in order with its time, checks, the close. */
export const WebSocketTraceEntry = z.object({
  scenario: z.string(),
  /** Document path of the websocket step. */
  path: PathSchema,
  name: z.string(),
  url: z.string(),
  /** The handshake's status: 101 when it opened, 0 when no response came. */
  status: z.int(),
  /** The subprotocol the server chose ('' for none). */
  protocol: z.string(),
  connectingMs: z.number(),
  /**
   * In order, pings and pongs among them; `atMs` since the session started; binary ones in base64; each cut to 4 KB,
   * the first 200 kept. A received message a receive read names it, and says whether it was the one awaited.
   */
  messages: z.array(
    z.object({
      direction: z.enum(['sent', 'received', 'ping', 'pong']),
      atMs: z.number(),
      data: z.string(),
      binary: z.boolean(),
      truncated: z.boolean(),
      receive: z.string().optional(),
      matched: z.boolean().optional(),
    }),
  ),
  moreMessages: z.int(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), reason: z.string().nullable() })),
  extracted: z.array(
    z.object({ variable: z.string(), ok: z.boolean(), value: z.unknown(), reason: z.string().nullable() }),
  ),
  error: z.object({ kind: z.string(), message: z.string() }).nullable(),
  closed: z
    .object({ code: z.int(), reason: z.string(), by: z.enum(['client', 'server']), atMs: z.number().optional() })
    .nullable(),
  passes: z.array(z.int()).optional(),
});
export type WebSocketTraceEntry = z.infer<typeof WebSocketTraceEntry>;

export const designerMethods = {
  /** Sends the request step at `path` once, with the environment and the given variables (e.g. from a Validate). */
  'designer.tryRequest': {
    params: z.strictObject({
      document: z.unknown(),
      path: PathSchema,
      environmentId: Id.optional(),
      variables: z.record(z.string(), z.unknown()).optional(),
    }),
    result: z.object({ entry: TraceEntry, variables: z.record(z.string(), z.unknown()) }),
  },
  /**
   * Runs setup, every scenario with 1 VU for 1 iteration (think times skipped, but inside loops), then teardown,
   * and returns each request and response in the order they ran, with flow control's decisions; the plan must be valid.
   */
  'designer.validate': {
    params: z.strictObject({ document: z.unknown(), environmentId: Id.optional(), scenario: z.string().optional() }),
    result: z.object({
      entries: z.array(TraceEntry),
      /** Problems that are not a request's (template errors, data files). */
      errors: z.array(z.object({ scenario: z.string(), message: z.string() })),
      /** Flow control's decisions in the order they were taken (optional: older back ends do not send it). */
      flow: z.array(FlowTraceEntry).optional(),
      /** WebSocket sessions in the order they ended (optional: older back ends do not send it). */
      websockets: z.array(WebSocketTraceEntry).optional(),
      /** What setup extracted (setup runs first; its requests are entries of scenario '(setup)'). */
      setup: z.record(z.string(), z.unknown()).optional(),
      durationMs: z.number(),
    }),
  },
  /**
   * Attaches a file: stores it in the app's data directory; plans refer to it by the returned path (`files/NAME`).
   * `data` (the default) accepts CSV and JSON for feeders; `body` any file sent as a request body.
   */
  'files.upload': {
    params: z.strictObject({
      name: z.string().min(1).max(200),
      contentBase64: z.string().max(70_000_000),
      kind: z.enum(['data', 'body']).optional(),
    }),
    result: z.object({ path: z.string(), size: z.number() }),
  },
  'files.list': {
    params: z.strictObject({}),
    result: z.array(z.object({ path: z.string(), size: z.number(), modified: z.string() })),
  },
  /**
   * The first rows of a data file as a run reads it (CSV with a header row, or a JSON array): an attached file or
   * one in a granted folder, nothing else.
   */
  'files.preview': {
    params: z.strictObject({
      path: z.string().min(1),
      format: z.enum(DATA_FORMATS).optional(),
      delimiter: z.string().length(1).optional(),
      rows: z.int().min(1).max(100).optional(),
    }),
    result: z.object({
      columns: z.array(z.string()),
      rows: z.array(z.record(z.string(), z.unknown())),
      total: z.int(),
    }),
  },
} as const;
