/**
 * A WebSocket session step compiled once per worker and scenario: templates compiled, TLS files resolved, checks
 * and extractions compiled, the session's metric handles made (one set per handshake status, on first use).
 */
import { failurePolicy, type FailurePolicy } from '../compile/failure-policy.ts';
import { parseDuration } from '../../base/duration.ts';
import type { PathSegment } from '../../plan/path.ts';
import { checkName } from '../../plan/names.ts';
import { receiveLabel } from '../../plan/websocket-fields.ts';
import type { Check, WebSocketAction, WebSocketReceive, WebSocketSession } from '../../plan/schema/index.ts';
import { compileExpression, compileTemplate, type Expression, type Template } from '../../template/index.ts';
import type { CheckCounter, MetricsRecorder } from '../../metrics/recorder.ts';
import type { TaggedSeries } from '../../metrics/tagged.ts';
import { compileCheck, type CompiledCheckRule } from '../checks.ts';
import type { CompileContext } from '../compile/request.ts';
import { compileJsonBody } from '../compile/json-body.ts';
import { compileExtractor, type CompiledExtractor } from '../extract.ts';
import { resolveProfile } from '../http/connection-profile.ts';

export const DEFAULT_SESSION_TIMEOUT_MS = 60_000;
export const DEFAULT_WAIT_MS = 10_000;

export type WsChecks = CheckCounter<CompiledCheckRule>;

/** The message to send, rendered per VU: text, or base64 text made into bytes. */
export type CompiledSend = {
  kind: 'send';
  binary: boolean;
  render: (ctx: Parameters<Template['render']>[0]) => string;
};

export interface CompiledReceive {
  kind: 'receive';
  /** `receive 2` or its name: names its checks and errors. */
  label: string;
  match: CompiledCheckRule | undefined;
  condition: Expression | undefined;
  timeoutMs: number;
  checks: WsChecks[];
  extracts: { variable: string; extractor: CompiledExtractor }[];
}

export type CompiledWsAction =
  | CompiledSend
  | CompiledReceive
  | { kind: 'pause'; minMs: number; maxMs: number }
  | { kind: 'ping'; timeoutMs: number }
  | { kind: 'close'; code: number; reason: string };

/** The metric handles of a session step for one handshake status. */
export interface WsMetrics {
  sessions: TaggedSeries;
  connecting: TaggedSeries;
  duration: TaggedSeries;
  sent: TaggedSeries;
  received: TaggedSeries;
  ping: TaggedSeries;
  dataSent: TaggedSeries;
  dataReceived: TaggedSeries;
}

/** TLS options as ws (and tls.connect) take them. */
export interface WsTls {
  rejectUnauthorized: boolean;
  ca?: string;
  cert?: string;
  key?: string;
  passphrase?: string;
  servername?: string;
  minVersion?: 'TLSv1.2' | 'TLSv1.3';
}

export interface CompiledWebSocket {
  kind: 'websocket';
  /** Document path of the step (Try it and Validate show where a session is). */
  path: PathSegment[];
  name: string;
  scenario: string;
  group: string;
  url: Template;
  baseUrl: Template | undefined;
  headers: [string, Template][];
  headerNames: ReadonlySet<string>;
  subprotocols: string[];
  tls: WsTls;
  /** The client key's passphrase, rendered into `tls` at the first session (it reads the environment). */
  passphrase: Template | undefined;
  timeoutMs: number;
  checks: WsChecks[];
  actions: CompiledWsAction[];
  /** onFailure (the session's, else its list's); undefined: failures only count. */
  policy: FailurePolicy | undefined;
  /** Handles by handshake status (0: no handshake response), made on first use. */
  metricsFor(status: number): WsMetrics;
}

export function compileWebSocket(
  s: WebSocketSession,
  group: string,
  cc: CompileContext,
  path: PathSegment[],
): CompiledWebSocket {
  const d = cc.plan.defaults ?? {};
  const name = s.name ?? s.url;
  const labels = { scenario: cc.scenario, group, request: name };
  const checks = (list: readonly Check[] | undefined, prefix: string): WsChecks[] =>
    (list ?? []).map((c) => cc.recorder.checkCounter(labels, prefix + checkName(c), compileCheck(c)));
  const headers = new Map<string, [string, string]>();
  for (const h of [d.headers, s.headers])
    for (const [k, v] of Object.entries(h ?? {})) headers.set(k.toLowerCase(), [k, String(v)]);
  // The key's passphrase comes from the environment (${env.NAME}), which only the VU has: rendered at the first session.
  const { passphrase, ...ownTls } = s.tls ?? {};
  const { passphrase: defaultPassphrase, ...defaultTls } = d.http?.tls ?? {};
  const http = d.http === undefined ? undefined : { ...d.http, tls: defaultTls };
  const profile = resolveProfile(http, { insecureTls: s.insecureTls, tls: ownTls }, cc.files, {});
  const tls: WsTls = { rejectUnauthorized: !profile.insecure };
  for (const k of ['ca', 'cert', 'key', 'servername', 'minVersion'] as const)
    if (profile[k] !== undefined) Object.assign(tls, { [k]: profile[k] });
  const tags: Record<string, string> = {
    ...d.tags,
    ...cc.scenarioTags,
    ...s.tags,
    scenario: cc.scenario,
    group,
    request: name,
  };
  const metrics = new Map<number, WsMetrics>();
  return {
    kind: 'websocket',
    path,
    name,
    scenario: cc.scenario,
    group,
    url: compileTemplate(s.url),
    baseUrl: d.baseUrl !== undefined ? compileTemplate(d.baseUrl) : undefined,
    headers: [...headers.values()].map(([k, v]) => [k, compileTemplate(v)]),
    headerNames: new Set(headers.keys()),
    subprotocols: s.subprotocols ?? [],
    tls,
    passphrase:
      passphrase !== undefined || defaultPassphrase !== undefined
        ? compileTemplate(passphrase ?? defaultPassphrase ?? '')
        : undefined,
    timeoutMs: timeout(s.timeout, DEFAULT_SESSION_TIMEOUT_MS),
    policy: failurePolicy(s.onFailure, cc.flow),
    checks: checks(s.checks, ''),
    actions: s.actions.map((a, i) => compileAction(a, i, checks)),
    metricsFor(status) {
      let m = metrics.get(status);
      if (m === undefined) metrics.set(status, (m = newMetrics(cc.recorder, { ...tags, status: String(status) })));
      return m;
    },
  };
}

function compileAction(
  a: WebSocketAction,
  i: number,
  checks: (list: readonly Check[] | undefined, prefix: string) => WsChecks[],
): CompiledWsAction {
  if ('send' in a) {
    const m = a.send;
    if (typeof m === 'string' || 'text' in m) {
      const t = compileTemplate(typeof m === 'string' ? m : m.text);
      return { kind: 'send', binary: false, render: (ctx) => t.render(ctx) };
    }
    if ('json' in m) {
      const body = compileJsonBody(m.json);
      return { kind: 'send', binary: false, render: body.constant ? () => body.text : body.build };
    }
    const t = compileTemplate(m.binary);
    return { kind: 'send', binary: true, render: (ctx) => t.render(ctx) };
  }
  if ('receive' in a) return compileReceive(a.receive, i, checks);
  if ('pause' in a) {
    const p = a.pause;
    const min = parseDuration(typeof p === 'string' ? p : p.min) ?? 0;
    return { kind: 'pause', minMs: min, maxMs: parseDuration(typeof p === 'string' ? p : p.max) ?? min };
  }
  if ('ping' in a)
    return { kind: 'ping', timeoutMs: timeout(a.ping === true ? undefined : a.ping.timeout, DEFAULT_WAIT_MS) };
  const c = a.close === true ? {} : a.close;
  return { kind: 'close', code: c.code ?? 1000, reason: c.reason ?? '' };
}

function compileReceive(
  r: WebSocketReceive,
  i: number,
  checks: (list: readonly Check[] | undefined, prefix: string) => WsChecks[],
): CompiledReceive {
  const label = receiveLabel(r, i);
  return {
    kind: 'receive',
    label,
    match: r.match ? compileCheck(r.match) : undefined,
    condition: r.condition !== undefined ? compileExpression(r.condition) : undefined,
    timeoutMs: timeout(r.timeout, DEFAULT_WAIT_MS),
    checks: checks(r.checks, `${label}: `),
    extracts: Object.entries(r.extract ?? {}).map(([variable, x]) => ({ variable, extractor: compileExtractor(x) })),
  };
}

/** A timeout as written, in ms; 0 means none (Infinity: the wait ends with the session). */
function timeout(written: string | undefined, fallback: number): number {
  const ms = written === undefined ? fallback : (parseDuration(written) ?? fallback);
  return ms === 0 ? Infinity : ms;
}

function newMetrics(r: MetricsRecorder, tags: Record<string, string>): WsMetrics {
  const counter = (metric: string): TaggedSeries => r.taggedSeries(metric, tags, false);
  const trend = (metric: string): TaggedSeries => r.taggedSeries(metric, tags, true);
  return {
    sessions: counter('ws_sessions'),
    connecting: trend('ws_connecting'),
    duration: trend('ws_session_duration'),
    sent: counter('ws_msgs_sent'),
    received: counter('ws_msgs_received'),
    ping: trend('ws_ping'),
    dataSent: counter('data_sent'),
    dataReceived: counter('data_received'),
  };
}
