/**
 * cURL commands -> a plan: bash ("Copy as cURL (bash)") or Windows cmd ("Copy as cURL (cmd)") quoting, one or
 * more commands, each URL a request. Data options follow curl's rules (-d joins with &, --json sets JSON headers,
 * -G moves data to the query, -F builds multipart); what a plan cannot hold is in the report.
 */
import { buildPlan } from '../build-plan.ts';
import { joinCookies } from '../to-request.ts';
import { Notes, type DraftRequest } from '../draft.ts';
import { ConvertError, sourceLabel, type ImportOptions, type ImportResult, type Shell } from '../types.ts';
import { curlBody } from './body.ts';
import { parseCall, type CurlCall } from './parse.ts';
import { looksLikeCmd, splitCmd } from './shell-cmd.ts';
import { splitBash } from './shell-bash.ts';

export interface CurlImportOptions extends ImportOptions {
  /** Quoting rules; default: detected (cmd when the text uses `^"` or `^` line continuations). */
  shell?: Shell;
}

export function importCurl(text: string, o: CurlImportOptions = {}): ImportResult {
  const notes = new Notes();
  const label = sourceLabel(o.file);
  const shell = o.shell ?? (looksLikeCmd(text) ? 'cmd' : 'bash');
  const commands = shell === 'cmd' ? splitCmd(text) : splitBash(text);
  if (commands.length === 0)
    throw new ConvertError(`${label}: no curl command found: paste a command such as curl 'https://example.com/api'`);
  const drafts: DraftRequest[] = [];
  for (const cmd of commands) {
    const where = `${label}: line ${cmd.line}`;
    for (const d of cmd.dropped) notes.add('not-imported', where, d);
    drafts.push(...toDrafts(parseCall(cmd), where, notes));
  }
  const name = o.name ?? (o.file ? `Imported from ${o.file}` : 'Imported curl commands');
  const { plan, env } = buildPlan(drafts, { name, notes });
  return { plan, notes: notes.byLine(label, 'command'), env, format: 'curl' };
}

function toDrafts(call: CurlCall, where: string, notes: Notes): DraftRequest[] {
  if (call.urls.length === 0)
    throw new ConvertError(`line ${call.line}: the curl command has no URL: add one, e.g. curl https://example.com/`);
  for (const u of call.unsupported) notes.add('not-imported', where, `curl option ${u}: no plan equivalent`);
  const headers: [string, string][] = [...call.headers];
  const body = curlBody(call, headers, where, notes);
  const method = (
    call.method ?? (call.head ? 'HEAD' : call.upload !== undefined ? 'PUT' : body.body && !call.get ? 'POST' : 'GET')
  ).toUpperCase();
  if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'].includes(method)) {
    throw new ConvertError(
      `line ${call.line}: method ${method} is not supported by plans (GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS)`,
    );
  }
  if (call.cookie !== undefined) {
    const at = headers.findIndex(([k]) => k.toLowerCase() === 'cookie');
    if (call.cookie.includes('=') && at >= 0)
      headers[at] = [headers[at]![0], joinCookies(headers[at]![1], call.cookie)];
    else if (call.cookie.includes('=')) headers.push(['Cookie', call.cookie]);
    else
      notes.add(
        'not-imported',
        where,
        `-b ${call.cookie}: cookies from a file are not read; add a Cookie header or let the plan's cookie jar collect them`,
      );
  }
  return call.urls.map((u) => {
    let url = /^[a-z][a-z0-9+.-]*:\/\//i.test(u.text) || u.text.startsWith('${') ? u.text : `http://${u.text}`;
    if (!/^(https?:\/\/|\$\{)/i.test(url))
      throw new ConvertError(`line ${u.line}: '${u.text}' is not an http(s) URL; plans send HTTP requests only`);
    if (body.query) url += (url.includes('?') ? '&' : '?') + body.query;
    const d: DraftRequest = { method, url, headers, where };
    if (body.body && !call.get) d.body = body.body;
    if (call.user !== undefined) {
      const c = call.user.indexOf(':');
      d.auth = {
        type: 'basic',
        username: c < 0 ? call.user : call.user.slice(0, c),
        password: c < 0 ? '${env.PASSWORD}' : call.user.slice(c + 1),
      };
      if (c < 0)
        notes.add('secret', where, '-u without a password: curl would ask for it; the plan reads ${env.PASSWORD}');
    }
    if (call.bearer !== undefined) d.auth = { type: 'bearer', token: call.bearer };
    if (call.maxTime !== undefined && Number(call.maxTime) > 0) d.timeout = `${Number(call.maxTime)}s`;
    if (call.location && call.maxRedirs !== undefined && call.maxRedirs >= 0)
      d.maxRedirects = Math.min(call.maxRedirs, 100);
    if (call.tls.certFile && !call.tls.keyFile) call.tls.keyFile = call.tls.certFile;
    const http = {
      ...(call.insecure ? { insecureTls: true } : {}),
      ...(call.protocol ? { protocol: call.protocol } : {}),
      ...(Object.keys(call.tls).length ? { tls: call.tls } : {}),
    };
    if (Object.keys(http).length > 0) d.http = http;
    return d;
  });
}
