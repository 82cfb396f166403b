/**
 * A session's actions, in order: send, receive (the next message, or the first that matches), pause, ping, close.
 * A wait that times out is an error of kind ws-timeout and the actions go on; once the socket is closed the rest do
 * not run. Receives check and extract from the message as a request's checks and extractions do from a body.
 */
import { performance } from 'node:perf_hooks';
import { TemplateRuntimeError } from '../../template/index.ts';
import { ResponseView } from '../response.ts';
import type { WorkerContext } from '../vu/send.ts';
import type { VirtualUser } from '../vu/virtual-user.ts';
import type { CompiledReceive, CompiledWebSocket, WsChecks, WsMetrics } from './compile.ts';
import { CLOSE_WAIT_MS, type Message, type Session } from './session.ts';

/**
 * done: every action ran (or a close action closed it); closed: the socket closed first; stopped: a hard stop;
 * failed: something failed and the step's onFailure (endIteration, stopVU) ends the session there.
 */
export type ActionsOutcome = 'done' | 'closed' | 'stopped' | 'failed';

export async function runActions(
  vu: VirtualUser,
  step: CompiledWebSocket,
  session: Session,
  handshake: ResponseView,
  metrics: WsMetrics,
  wc: WorkerContext,
): Promise<ActionsOutcome> {
  const stopsAtFailure = step.policy !== undefined && step.policy.onFailure !== 'continue';
  for (const a of step.actions) {
    if (vu.interrupted) return 'stopped';
    if (session.closed !== undefined || session.expired) return 'closed';
    if (stopsAtFailure && session.failure !== undefined) return 'failed';
    switch (a.kind) {
      case 'send': {
        let text: string;
        try {
          text = a.render(vu.ctx);
        } catch (e) {
          if (!(e instanceof TemplateRuntimeError)) throw e;
          report(wc, step, session, 'template', e.message);
          continue;
        }
        if (!session.send(a.binary ? Buffer.from(text, 'base64') : text, a.binary)) return 'closed';
        break;
      }
      case 'receive':
        if (!(await receive(vu, step, session, handshake, a, wc))) return 'closed';
        break;
      case 'pause':
        await session.idle(a.minMs === a.maxMs ? a.minMs : a.minMs + Math.random() * (a.maxMs - a.minMs));
        break;
      case 'ping': {
        const rtt = await session.ping(a.timeoutMs);
        if (rtt === 'closed') return 'closed';
        if (rtt === 'timeout') report(wc, step, session, 'ws-timeout', `no pong within ${a.timeoutMs} ms`);
        else metrics.ping.record(Math.round(rtt * 1000));
        break;
      }
      case 'close':
        await session.close(a.code, a.reason, CLOSE_WAIT_MS);
        return 'done';
    }
  }
  return vu.interrupted ? 'stopped' : stopsAtFailure && session.failure !== undefined ? 'failed' : 'done';
}

/** Waits for the message, then checks and extracts; false when the socket closed first. */
async function receive(
  vu: VirtualUser,
  step: CompiledWebSocket,
  session: Session,
  handshake: ResponseView,
  r: CompiledReceive,
  wc: WorkerContext,
): Promise<boolean> {
  const start = performance.now();
  for (;;) {
    const left = r.timeoutMs - (performance.now() - start);
    const m = left > 0 ? await session.next(left) : 'timeout';
    if (m === 'timeout' || m === 'closed') {
      if (m === 'timeout')
        report(
          wc,
          step,
          session,
          'ws-timeout',
          `${r.label}: no ${r.match || r.condition ? 'matching ' : ''}message within ${r.timeoutMs} ms`,
        );
      for (const x of r.extracts) {
        session.trace?.extract(x.variable, { ok: false, reason: `${r.label}: no message` }, x.extractor.fallback);
        if (x.extractor.fallback !== undefined) {
          vu.ctx.vars.set(x.variable, x.extractor.fallback);
          continue;
        }
        vu.ctx.vars.delete(x.variable);
        wc.recorder.extractFailure(step.scenario, step.name, x.variable, `${r.label}: no message`);
        session.failure ??= `extraction '${x.variable}' failed: ${r.label}: no message`;
      }
      return m === 'timeout';
    }
    const view = new ResponseView(101, handshake.headers, m.data, false, m.atMs - start, handshake.url);
    const awaited = matches(vu, r, view, m);
    if (m.traced) {
      m.traced.receive = r.label;
      m.traced.matched = awaited;
    }
    if (!awaited) continue;
    judge(r.checks, view, vu, session);
    for (const x of r.extracts) {
      const out = x.extractor.run(view);
      if (out.ok) vu.ctx.vars.set(x.variable, out.value);
      else if (x.extractor.fallback !== undefined) vu.ctx.vars.set(x.variable, x.extractor.fallback);
      else {
        vu.ctx.vars.delete(x.variable);
        wc.recorder.extractFailure(step.scenario, step.name, x.variable, `${r.label}: ${out.reason}`);
        session.failure ??= `extraction '${x.variable}' failed: ${r.label}: ${out.reason}`;
      }
      session.trace?.extract(x.variable, out, vu.ctx.vars.get(x.variable));
    }
    return true;
  }
}

/** The match (a check that passes) and the condition (with the message as the variable `message`). */
function matches(vu: VirtualUser, r: CompiledReceive, view: ResponseView, m: Message): boolean {
  if (r.match !== undefined && safe(() => r.match!.evaluate(view, vu.ctx)) !== undefined) return false;
  if (r.condition === undefined) return true;
  const vars = vu.ctx.vars;
  const had = vars.has('message');
  const before = vars.get('message');
  const json = m.binary ? undefined : view.json();
  vars.set('message', json?.ok ? json.value : m.binary ? m.data.toString('base64') : view.text());
  try {
    return !!r.condition.evaluate(vu.ctx);
  } catch (e) {
    if (e instanceof TemplateRuntimeError) return false;
    throw e;
  } finally {
    if (had) vars.set('message', before);
    else vars.delete('message');
  }
}

/** A check that cannot be evaluated (an unset variable in its expected value) does not hold. */
function safe(f: () => string | undefined): string | undefined {
  try {
    return f();
  } catch (e) {
    if (e instanceof TemplateRuntimeError) return `cannot evaluate: ${e.message}`;
    throw e;
  }
}

/** Counts checks on a handshake or a message; the first that fails is the session's failure. */
export function judge(checks: readonly WsChecks[], view: ResponseView, vu: VirtualUser, session: Session): void {
  for (const c of checks) {
    const why = safe(() => c.rule.evaluate(view, vu.ctx));
    session.trace?.check(c.check, why);
    if (why === undefined) c.pass++;
    else {
      c.fail++;
      c.failure ??= why;
      session.failure ??= `check '${c.check}' failed: ${why}`;
    }
  }
}

/** An error of the session: counted as in a run, shown by Try it and Validate, and a failure for onFailure. */
export function report(
  wc: WorkerContext,
  step: CompiledWebSocket,
  session: Session,
  kind: string,
  message: string,
): void {
  wc.recorder.error(kind, step.scenario, step.name, message);
  session.trace?.error(kind, message);
  session.failure ??= `${kind}: ${message}`;
}
