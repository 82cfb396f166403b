/**
 * Plan requests -> curl commands (bash or Windows cmd), one per request, with the defaults merged in. Secrets
 * stay environment references ("$API_TOKEN", %API_TOKEN%) unless values are given; checks, extractions and load
 * are not curl's business and are listed in the report. Flow control is flattened: setup's requests, then each
 * scenario's, then teardown's, each once whatever loop or branch it is in, its comment saying where it sits, and
 * each flow step reported.
 */
import { grpcCallName, grpcCallsOf } from '../../plan/grpc-names.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { SETUP, stepsOf, TEARDOWN } from '../../plan/walk.ts';
import { Notes } from '../draft.ts';
import { planRequests, resolveRequest, type ResolvedRequest } from '../resolve.ts';
import { encodeTemplate } from '../template-parts.ts';
import type { ExportResult } from '../types.ts';
import type { Shell } from '../types.ts';
import { shellWord, type QuoteContext } from './quote.ts';

export interface CurlExportOptions {
  shell?: Shell;
  /** Values for `${env.NAME}`; the others stay shell variables. */
  env?: Record<string, string>;
  /** Only the request with this name. */
  request?: string;
}

export function exportCurl(plan: Plan, o: CurlExportOptions = {}): ExportResult {
  const notes = new Notes();
  const shell = o.shell ?? 'bash';
  const commands: string[] = [];
  for (const { request, scenario, flow } of planRequests(plan)) {
    const r = resolveRequest(plan, request);
    if (o.request !== undefined && r.name !== o.request) continue;
    const q: QuoteContext = { shell, env: o.env ?? {}, notes, where: `request '${r.name}'` };
    const extras = [request.checks?.length ? 'checks' : '', request.extract ? 'extractions' : ''].filter(Boolean);
    if (extras.length) notes.add('not-exported', q.where, `${extras.join(' and ')}: curl only sends the request`);
    for (const f of flow)
      notes.add(
        'approximated',
        `${scenario === SETUP || scenario === TEARDOWN ? '' : 'scenario '}${scenario}: ${f}`,
        FLATTENED,
      );
    const where = [...(scenario === SETUP || scenario === TEARDOWN ? [scenario] : []), ...flow.map((f) => `in ${f}`)];
    commands.push(
      `${shell === 'bash' ? '#' : 'REM'} ${r.name}${where.length ? ` ${where.join(', ')}` : ''}\n${command(r, q)}`,
    );
  }
  for (const { step, scenario } of stepsOf(plan))
    if ('websocket' in step)
      notes.add(
        'not-exported',
        `scenario ${scenario}`,
        `WebSocket session '${step.websocket.name ?? step.websocket.url}': curl sends HTTP requests only`,
      );
  for (const { call } of grpcCallsOf(plan))
    notes.add('not-exported', `grpc '${grpcCallName(call)}'`, 'a gRPC call has no curl command (grpcurl makes them)');
  if (commands.length === 0) {
    notes.add(
      'not-exported',
      'plan',
      o.request !== undefined ? `no request named '${o.request}'` : 'the plan has no requests',
    );
  }
  return { text: `${commands.join('\n\n')}\n`, notes: notes.list };
}

const FLATTENED =
  'curl has no conditions, loops or choices: each request inside is written once, in order, its comment saying where it sits';

function command(r: ResolvedRequest, q: QuoteContext): string {
  const w = (t: string): string => shellWord(t, q);
  const args: string[] = [w(withQuery(r))];
  const implied = r.body ? 'POST' : 'GET';
  if (r.method !== implied) args.push(r.method === 'HEAD' && !r.body ? '-I' : `-X ${r.method}`);
  for (const [k, v] of r.headers) args.push(`-H ${w(`${k}: ${v}`)}`);
  if (r.basic) args.push(`-u ${w(`${r.basic.username}:${r.basic.password}`)}`);
  const b = r.body;
  if (b?.kind === 'json') args.push(`--data-raw ${w(JSON.stringify(b.value))}`);
  else if (b?.kind === 'form')
    args.push(`--data-raw ${w(b.fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeTemplate(v)}`).join('&'))}`);
  else if (b?.kind === 'text') args.push(`--data-raw ${w(b.text)}`);
  else if (b?.kind === 'file') args.push(`--data-binary ${w(`@${b.path}`)}`);
  if (r.maxRedirects > 0) args.push(r.maxRedirects === 10 ? '-L' : `-L --max-redirs ${r.maxRedirects}`);
  if (r.insecureTls) args.push('-k');
  if (r.timeout) args.push(`-m ${seconds(r.timeout)}`);
  const joiner = q.shell === 'bash' ? ' \\\n  ' : ' ^\n  ';
  return `curl ${args.join(joiner)}`;
}

function withQuery(r: ResolvedRequest): string {
  if (r.query.length === 0) return r.url;
  const q = r.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeTemplate(v)}`).join('&');
  return r.url + (r.url.includes('?') ? '&' : '?') + q;
}

function seconds(duration: string): string {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(duration);
  if (!m) return '60';
  const n = Number(m[1]);
  const f = { ms: 0.001, s: 1, m: 60, h: 3600 }[m[2] as 'ms' | 's' | 'm' | 'h'];
  return String(Math.round(n * f * 1000) / 1000);
}
