/**
 * Runs one WebSocket session step for a VU: renders the URL and headers (with the VU's cookies), opens the
 * connection, checks the handshake, runs the actions in order, and closes. What goes wrong is measured, never
 * thrown: refused connections, handshake statuses, waits that time out and closes the plan did not ask for are
 * counted as errors by kind, and the iteration goes on with the step after the session. A hard stop drops the
 * socket at once.
 */
import { performance } from 'node:perf_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import { TemplateRuntimeError } from '../../template/index.ts';
import { classifyError, errorMessage } from '../http/errors.ts';
import { cookieUrl } from '../vu/cookie-url.ts';
import { IterationAbort, type WorkerContext } from '../vu/send.ts';
import { INTERRUPTED } from '../vu/signals.ts';
import { applyFailurePolicy } from '../vu/failure-policy.ts';
import type { VirtualUser } from '../vu/virtual-user.ts';
import { ResponseView } from '../response.ts';
import { judge, report, runActions } from './actions.ts';
import type { CompiledWebSocket } from './compile.ts';
import { openWebSocket } from './connect.ts';
import { CLOSE_WAIT_MS, Session } from './session.ts';
import { WsTrace } from './trace.ts';
import { startTimer, stopTimer } from '../timers.ts';
import { httpUrlOf, renderWsUrl, WsUrlError } from './url.ts';

export async function runWebSocket(vu: VirtualUser, step: CompiledWebSocket, wc: WorkerContext): Promise<void> {
  const { url, headers, target } = render(vu, step, wc);
  const cookieTarget = cookieUrl(target.origin, target.path, target.url);
  const cookie = vu.jar !== undefined && vu.jar.size > 0 ? vu.jar.cookieHeader(cookieTarget) : undefined;
  if (cookie !== undefined) headers.cookie = cookie;

  const start = performance.now();
  const opening = openWebSocket(url, step.subprotocols, headers, step.tls);
  const stop = { interrupt: (): void => opening.ws.terminate() };
  vu.track(stop);
  const trace = wc.trace !== undefined ? new WsTrace(step.path, step.name, url, start) : undefined;
  // Listening from the start: messages may come in the same packet as the handshake's response.
  const session = new Session(opening.ws, trace);
  // The deadline covers the handshake too: a server that accepts the connection and never answers ends here.
  const deadline = Number.isFinite(step.timeoutMs)
    ? startTimer(() => {
        session.expire();
        opening.ws.terminate();
      }, step.timeoutMs)
    : undefined;
  try {
    const hs = await opening.handshake;
    storeCookies(vu, cookieTarget, hs.headers);
    const metrics = step.metricsFor(hs.ok ? 101 : hs.status);
    const handshakeView = new ResponseView(
      hs.status,
      hs.headers as ResponseView['headers'],
      undefined,
      false,
      hs.connectingMs,
      url,
    );
    if (trace) {
      trace.entry.status = hs.status;
      trace.entry.connectingMs = hs.connectingMs;
      trace.entry.protocol = opening.ws.protocol;
    }
    judge(step.checks, handshakeView, vu, session);
    if (!hs.ok) {
      if (!vu.interrupted) {
        const timedOut = performance.now() - start >= step.timeoutMs - 1;
        const kind = timedOut ? 'ws-timeout' : hs.status > 0 ? 'ws-handshake' : classifyError(hs.error);
        const message = timedOut
          ? `no handshake within the session timeout (${step.timeoutMs} ms)`
          : errorMessage(hs.error);
        report(wc, step, session, kind, message);
      }
      countBytes(opening.tcp(), metrics);
      if (vu.interrupted) throw INTERRUPTED;
      failed(vu, step, session, wc);
      return;
    }
    metrics.sessions.add(1);
    metrics.connecting.record(Math.round(hs.connectingMs * 1000));
    const outcome = await runActions(vu, step, session, handshakeView, metrics, wc);
    if ((outcome === 'done' || outcome === 'failed') && session.closed === undefined && !session.expired)
      await session.close(1000, '', CLOSE_WAIT_MS);
    if (session.expired && !vu.interrupted)
      report(wc, step, session, 'ws-timeout', `the session reached its timeout (${step.timeoutMs} ms) and was closed`);
    else if (outcome === 'closed' && session.closed !== undefined && !session.closed.byUs) {
      const { code, reason } = session.closed;
      report(
        wc,
        step,
        session,
        'ws-closed',
        `closed by the server with code ${code}${reason ? ` (${reason})` : ''} before the session's actions were done`,
      );
    }
    if (session.closed === undefined) session.terminate();
    metrics.duration.record(Math.round((performance.now() - start) * 1000));
    metrics.sent.add(session.sent);
    metrics.received.add(session.received);
    countBytes(opening.tcp(), metrics);
    if (vu.interrupted) throw INTERRUPTED;
    failed(vu, step, session, wc);
  } finally {
    stopTimer(deadline);
    vu.untrack(stop);
    if (trace) wc.trace?.websocket(trace.entry);
  }
}

/** The session's onFailure, once it is over and measured: ends the iteration or stops the VU after a failure. */
function failed(vu: VirtualUser, step: CompiledWebSocket, session: Session, wc: WorkerContext): void {
  if (step.policy !== undefined && session.failure !== undefined)
    applyFailurePolicy(vu, wc, step, step.policy, session.failure, false);
}

function render(
  vu: VirtualUser,
  step: CompiledWebSocket,
  wc: WorkerContext,
): { url: string; headers: Record<string, string>; target: ReturnType<typeof httpUrlOf> } {
  try {
    const url = renderWsUrl(step.baseUrl?.render(vu.ctx), step.url.render(vu.ctx));
    const target = httpUrlOf(url);
    const headers: Record<string, string> = {};
    for (const [k, v] of step.headers) headers[k] = v.render(vu.ctx);
    if (step.passphrase !== undefined && step.tls.passphrase === undefined)
      step.tls.passphrase = step.passphrase.render(vu.ctx);
    if (!step.headerNames.has('user-agent')) headers['user-agent'] = wc.userAgent;
    return { url, headers, target };
  } catch (e) {
    const kind = e instanceof TemplateRuntimeError ? 'template' : e instanceof WsUrlError ? 'invalid-url' : undefined;
    if (kind === undefined) throw e;
    wc.recorder.error(kind, step.scenario, step.name, (e as Error).message);
    throw new IterationAbort((e as Error).message);
  }
}

function storeCookies(vu: VirtualUser, target: ReturnType<typeof cookieUrl>, headers: IncomingHttpHeaders): void {
  const setCookie = headers['set-cookie'];
  if (setCookie !== undefined) vu.jarForStoring()?.setFromResponse(target, setCookie);
}

function countBytes(
  tcp: { bytesRead: number; bytesWritten: number } | undefined,
  m: { dataSent: { add(n: number): void }; dataReceived: { add(n: number): void } },
): void {
  if (tcp === undefined) return;
  m.dataSent.add(tcp.bytesWritten);
  m.dataReceived.add(tcp.bytesRead);
}
