/**
 * A WebSocket session step -> k6's `k6/ws` module: `wsSession()` (a helper written into the script) connects and runs
 * the actions in order as Loadsmith does — a receive waits for the next message (or the first matching one) up to
 * its timeout, a pause waits on the open socket, a ping is measured by k6 as ws_ping, and the session closes after the
 * last action or at its timeout. Checks and extractions on a message use the same code as on a response: a message
 * is given to them as `{ status: 101, body, json() }`. k6 names the metrics as Loadsmith does (ws_sessions, ...).
 */
import { parseDuration } from '../../base/duration.ts';
import { checkName } from '../../plan/names.ts';
import type { Plan, WebSocketAction, WebSocketSession } from '../../plan/schema/index.ts';
import { receiveLabel } from '../../plan/websocket-fields.ts';
import { checkEntries } from './checks-js.ts';
import { extractLines } from './extract-js.ts';
import { policyLines, policyOf } from './failure-js.ts';
import { indent, str, type Helper, type Script } from './script.ts';
import { textJs, valueJs } from './template-js.ts';

const DEFAULT_SESSION_MS = 60_000;
const DEFAULT_WAIT_MS = 10_000;

/** `list`: the step list (a scenario, SETUP or TEARDOWN), whose failure policy the session follows. */
export function websocketJs(plan: Plan, ws: WebSocketSession, s: Script, list: string): string[] {
  const baseUrl = plan.defaults?.baseUrl;
  const name = ws.name ?? ws.url;
  const where = `websocket '${name}'`;
  const p = policyOf(plan, list, ws);
  if (p && p.onFailure !== 'continue' && ws.checks?.length)
    s.notes.add(
      'approximated',
      where,
      `onFailure ${p.onFailure}: k6 checks the handshake after the session, so a failed handshake check does not keep the actions from running (Loadsmith ends the session before them)`,
    );
  s.ws = true;
  s.use('wsSession');
  if (ws.tls || ws.insecureTls !== undefined)
    s.notes.add(
      'not-exported',
      where,
      'TLS options of the session: k6 sets them for the whole test (options.insecureSkipTLSVerify, tlsAuth)',
    );
  let url = textJs(ws.url, s);
  if (!/^wss?:\/\//i.test(ws.url) && baseUrl !== undefined) {
    s.use('u');
    url = `u(${textJs(baseUrl, s)}, ${url}).replace(/^http/i, 'ws')`;
  }
  const headers = Object.entries(ws.headers ?? {}).map(([k, v]) => `${str(k)}: ${textJs(String(v), s)}`);
  if (ws.subprotocols) headers.push(`'Sec-WebSocket-Protocol': ${str(ws.subprotocols.join(', '))}`);
  const tags = [
    `request: ${str(name)}, name: ${str(name)}`,
    ...Object.entries(ws.tags ?? {}).map(([k, v]) => `${str(k)}: ${str(v)}`),
  ];
  const actions = ws.actions.map((a, i) => actionJs(a, i, name, s, where));
  const timeout = waitMs(ws.timeout, DEFAULT_SESSION_MS);
  const lines = [
    `const res = wsSession(${url}, { headers: { ${headers.join(', ')} }, tags: { ${tags.join(', ')} } }, [`,
    ...actions.map((a) => indent(`${a},`)),
    `], ${timeout}${p && p.onFailure !== 'continue' ? ', true' : ''});`,
  ];
  if (ws.checks?.length)
    lines.push(
      `${p ? 'const checked = ' : ''}check(res, {`,
      ...checkEntries(ws.checks, s, where).map((e) => `  ${e}`),
      `}, { request: ${str(name)} });`,
    );
  else if (p) lines.push('const checked = true;');
  if (p)
    lines.push(
      "const why = wsFailure || (checked ? undefined : 'a check failed');",
      ...policyLines(list, p, name, '', s),
    );
  return ['{', indent(lines.join('\n')), '}'];
}

function actionJs(a: WebSocketAction, i: number, name: string, s: Script, where: string): string {
  if ('send' in a) {
    const m = a.send;
    if (typeof m === 'string' || 'text' in m) return `{ send: () => ${textJs(typeof m === 'string' ? m : m.text, s)} }`;
    if ('json' in m) return `{ send: () => JSON.stringify(${valueJs(m.json, s)}) }`;
    s.encoding = true;
    return `{ send: () => encoding.b64decode(${textJs(m.binary, s)}), binary: true }`;
  }
  if ('receive' in a) {
    const r = a.receive;
    const label = receiveLabel(r, i);
    const tests: string[] = [];
    if (r.match) {
      const [entry = ''] = checkEntries([r.match], s, `${where} ${label}`);
      // The entry is `"name": (r) => ...,`: its function alone.
      tests.push(entry.startsWith('//') ? 'true' : `(${entry.slice(str(checkName(r.match)).length + 2, -1)})(m)`);
    }
    if (r.condition !== undefined) tests.push(`withMessage(m, () => ${valueJs(`\${${r.condition}}`, s)})`);
    if (r.condition !== undefined) s.use('withMessage');
    const after: string[] = [];
    if (r.checks?.length) {
      const entries = checkEntries(r.checks, s, `${where} ${label}`).map((e) =>
        e.replace(/^"/, `"${label.replace(/["\\]/g, '\\$&')}: `),
      );
      after.push(
        'if (!check(m, {',
        ...entries.map((e) => `  ${e}`),
        `}, { request: ${str(name)} })) wsFailure = wsFailure || 'a check failed';`,
      );
    }
    if (r.extract) after.push(...extractLines(r.extract, 'm', s, `${where} ${label}`, 'wsMisses'));
    const timeout = waitMs(r.timeout, DEFAULT_WAIT_MS);
    return `{ receive: { label: ${str(label)}, timeout: ${timeout}, match: ${tests.length ? `(m) => ${tests.join(' && ')}` : 'undefined'}, after: (m) => {${after.length ? `\n${indent(after.join('\n'), '    ')}\n  ` : ' '}} } }`;
  }
  if ('pause' in a) {
    const p = a.pause;
    const min = parseDuration(typeof p === 'string' ? p : p.min) ?? 0;
    const max = parseDuration(typeof p === 'string' ? p : p.max) ?? min;
    return `{ pause: () => ${min === max ? min : `${min} + Math.random() * ${max - min}`} }`;
  }
  if ('ping' in a) return '{ ping: true }';
  const c = a.close === true ? {} : a.close;
  return `{ close: ${c.code ?? 1000} }`;
}

/** A timeout in ms for k6's socket.setTimeout; 0 (none) becomes the longest a timer holds. */
function waitMs(written: string | undefined, fallback: number): number {
  const ms = written === undefined ? fallback : (parseDuration(written) ?? fallback);
  return ms === 0 ? 2_147_483_647 : ms;
}

/** The helpers the exported session uses (added to the script's helper table). */
export const WS_HELPERS: Record<string, Helper> = {
  withMessage: {
    uses: [],
    code: `// A receive's condition sees the message as the variable message (parsed when it is JSON), as in Loadsmith.
function withMessage(m, test) {
  const had = Object.prototype.hasOwnProperty.call(vars, 'message'), before = vars.message;
  let value = m.body;
  try { value = JSON.parse(m.body); } catch (e) { /* text */ }
  vars.message = value;
  try { return !!test(); } catch (e) { return false; } finally { if (had) vars.message = before; else delete vars.message; }
}`,
  },
  wsSession: {
    uses: [],
    code: `// Why the last session failed (a wait that timed out, a close by the server, a failed check or extraction), for
// its onFailure; undefined when it did not.
let wsFailure;
const wsMisses = { push: (name) => { wsFailure = wsFailure || \`extraction \${name} found nothing\`; } };
// A Loadsmith WebSocket session over k6/ws: the actions in order; a receive waits for the next (matching) message.
// \`stops\`: onFailure ends the session at its first failure (endIteration, stopVU).
function wsSession(url, params, actions, timeoutMs, stops) {
  wsFailure = undefined;
  return ws.connect(url, params, (socket) => {
    const inbox = [];
    let i = 0, waiting, closed = false, turn = 0;
    const message = (data, binary) => ({ status: 101, body: binary ? '' : data, data, headers: {}, json() { return JSON.parse(this.body); } });
    const next = () => {
      while (!closed && i < actions.length) {
        if (stops && wsFailure) break;
        const a = actions[i++];
        if (a.send) { if (a.binary) socket.sendBinary(a.send()); else socket.send(a.send()); continue; }
        if (a.ping) { socket.ping(); continue; }
        if (a.close) { closed = true; socket.close(a.close); return; }
        const mine = ++turn;
        if (a.pause) { socket.setTimeout(() => { if (turn === mine) next(); }, a.pause()); return; }
        waiting = a.receive;
        socket.setTimeout(() => { if (turn === mine && waiting) { console.warn(\`\${waiting.label}: no message within \${waiting.timeout} ms\`); wsFailure = wsFailure || \`ws-timeout: \${waiting.label}\`; waiting = undefined; next(); } }, waiting.timeout);
        take();
        return;
      }
      if (!closed) { closed = true; socket.close(); }
    };
    const take = () => {
      while (waiting && inbox.length > 0) {
        const m = inbox.shift();
        if (waiting.match && !waiting.match(m)) continue;
        const w = waiting;
        waiting = undefined;
        turn++;
        w.after(m);
        next();
      }
    };
    socket.on('open', next);
    socket.on('message', (data) => { inbox.push(message(data, false)); take(); });
    socket.on('binaryMessage', (data) => { inbox.push(message(data, true)); take(); });
    socket.on('close', () => { if (!closed && i < actions.length) wsFailure = wsFailure || 'ws-closed by the server'; closed = true; });
    socket.setTimeout(() => { if (!closed) { closed = true; socket.close(); } }, timeoutMs);
  });
}`,
  },
};
