/**
 * A WebSocket session as a step (k6 `ws.connect`, Gatling `ws`, JMeter's WebSocket samplers): open a connection,
 * run a list of actions on it (send, receive a matching message, pause, ping, close), and end at a close, at the end
 * of the actions, or at the session's timeout. The session's metrics have k6's names (ws_connecting, ws_sessions,
 * ws_msgs_sent, ...); its errors are counted by kind and the iteration goes on.
 */
import { z } from 'zod';
import { BodyCheck, Check, JsonPathCheck } from './checks.ts';
import { Duration, Headers, OnFailure, Tags, Template, variableName } from './common.ts';
import { TlsOptions } from './connection.ts';
import { Extractor } from './extract.ts';

const Think = z.union([Duration, z.strictObject({ min: Duration, max: Duration })]);

const SendMessage = z.union([
  Template.meta({ description: 'A text message; may contain ${...}.' }),
  z.strictObject({ text: Template }).meta({ description: 'A text message; may contain ${...}.' }),
  z
    .strictObject({ json: z.unknown() })
    .meta({ description: 'A text message holding this value as JSON; strings inside may contain ${...}.' }),
  z
    .strictObject({ binary: Template })
    .meta({ description: 'A binary message: its bytes in base64 (may contain ${...}).' }),
]);

/** The message a receive waits for; messages before it are read and skipped. */
const MessageMatch = z.union([JsonPathCheck.omit({ name: true }), BodyCheck.omit({ name: true })]).meta({
  description:
    'The message to wait for, as a check on it: { jsonPath: "$.type", equals: "welcome" } or { body: { contains: "ready" } }.',
});

export const WebSocketReceive = z.strictObject({
  name: z.string().min(1).optional().meta({ description: 'Names its checks and errors; default receive N.' }),
  match: MessageMatch.optional(),
  condition: z.string().min(1).optional().meta({
    description:
      'An expression as inside ${...}, written without it, true for the message to wait for; the message is the variable message (parsed when it is JSON): message.type == "welcome".',
  }),
  timeout: Duration.optional().meta({
    description:
      'How long to wait for the message (default 10s; 0: until the session ends). Reaching it is counted as an error of kind ws-timeout and the session goes on.',
  }),
  checks: z.array(Check).optional().meta({ description: 'Checks on the message received (jsonPath, body).' }),
  extract: z
    .record(variableName, Extractor)
    .optional()
    .meta({ description: 'Values taken from the message (jsonPath, regex, boundary) into variables.' }),
});
export type WebSocketReceive = z.infer<typeof WebSocketReceive>;

export const WebSocketAction = z
  .union([
    z.strictObject({ send: SendMessage }).meta({ description: 'Sends a message.' }),
    z.strictObject({ receive: WebSocketReceive }).meta({
      description: 'Waits for a message (the next one, or the first that matches), checks it and extracts from it.',
    }),
    z
      .strictObject({ pause: Think })
      .meta({ description: 'Waits on the open session (messages arriving meanwhile are kept for the next receive).' }),
    z
      .strictObject({
        ping: z.union([
          z.literal(true),
          z.strictObject({
            timeout: Duration.optional().meta({ description: 'How long to wait for the pong (default 10s).' }),
          }),
        ]),
      })
      .meta({ description: 'Sends a ping and waits for its pong: the round trip is ws_ping.' }),
    z
      .strictObject({
        close: z.union([
          z.literal(true),
          z.strictObject({
            code: z
              .int()
              .min(1000)
              .max(4999)
              .optional()
              .meta({ description: 'Close code (default 1000, normal closure).' }),
            reason: z.string().max(123).optional(),
          }),
        ]),
      })
      .meta({ description: 'Closes the session (the actions after it do not run).' }),
  ])
  .meta({ id: 'WebSocketAction' });
export type WebSocketAction = z.infer<typeof WebSocketAction>;

export const WebSocketSession = z
  .strictObject({
    name: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'Name in results and thresholds ({name:NAME}); default: the URL as written.' }),
    url: Template.min(1).meta({
      description:
        'ws:// or wss:// URL, or relative to defaults.baseUrl (http becomes ws, https wss). May contain ${...}.',
    }),
    headers: Headers.optional().meta({
      description:
        "Headers of the opening handshake (defaults.headers first). The VU's cookies are sent too, and the handshake's Set-Cookie kept.",
    }),
    subprotocols: z
      .array(
        z
          .string()
          .min(1)
          .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { error: 'not a valid subprotocol name' }),
      )
      .min(1)
      .optional()
      .meta({ description: 'Subprotocols offered (Sec-WebSocket-Protocol); the server picks one.' }),
    insecureTls: z
      .boolean()
      .optional()
      .meta({ description: 'wss: accept any certificate (default: defaults.http.insecureTls, else false).' }),
    tls: TlsOptions.optional().meta({
      description: 'wss: CA file, client certificate, SNI name (default: defaults.http.tls).',
    }),
    timeout: Duration.optional().meta({
      description:
        'Longest the session may last, handshake included (default 60s; 0: no limit); reaching it closes it and counts an error of kind ws-timeout.',
    }),
    checks: z
      .array(Check)
      .optional()
      .meta({ description: 'Checks on the handshake response: { status: 101 }, headers, duration.' }),
    tags: Tags.optional(),
    onFailure: OnFailure.optional().meta({
      description:
        'After an error of the session (refused, handshake status, ws-timeout, closed by the server), a failed check or a failed extraction: continue (default: defaults.onFailure), or endIteration or stopVU, which close the session at once, as for HTTP requests.',
    }),
    actions: z.array(WebSocketAction).min(1).max(10_000),
  })
  .meta({ id: 'WebSocketSession', description: 'A WebSocket session: connect, then run its actions in order.' });
export type WebSocketSession = z.infer<typeof WebSocketSession>;

export const WebSocketStep = z.strictObject({ websocket: WebSocketSession });
