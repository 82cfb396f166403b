/**
 * Plan -> HAR 1.2: one entry per request with the defaults merged in (templates written as they are, secrets as
 * `${env.NAME}`), top-level groups as pages, think times as gaps between entries, and the status a check expects
 * as the response status. Useful to hand requests to tools that read HAR; Loadsmith reads it back (round trip).
 * Flow control is flattened: setup's requests, each scenario's, teardown's, each once whatever loop or branch it is
 * in, and every flow step reported.
 */
import { formatPath, type PathSegment } from '../../plan/path.ts';
import { childLists } from '../../plan/child-lists.ts';
import type { Plan, Step } from '../../plan/schema/index.ts';
import { SETUP, TEARDOWN } from '../../plan/walk.ts';
import { parseDuration } from '../../base/duration.ts';
import { literal, Notes } from '../draft.ts';
import { resolveRequest } from '../resolve.ts';
import { encodeTemplate, templateExpression, templateParts } from '../template-parts.ts';
import type { ExportResult } from '../types.ts';
import { VERSION } from '../../version.ts';
import { websocketEntry } from './websocket-export.ts';

interface Clock {
  ms: number;
}
type Json = Record<string, unknown>;

export function exportHar(plan: Plan, start = Date.UTC(2025, 0, 1)): ExportResult {
  const notes = new Notes();
  const pages: Json[] = [];
  const entries: Json[] = [];
  const clock: Clock = { ms: start };
  const lists: [string, readonly Step[], PathSegment[]][] = [
    ...(plan.setup ? [[SETUP, plan.setup.steps, ['setup', 'steps']] as [string, Step[], PathSegment[]]] : []),
    ...Object.entries(plan.scenarios).map(([name, sc]): [string, Step[], PathSegment[]] => [name, sc.steps, ['steps']]),
    ...(plan.teardown
      ? [[TEARDOWN, plan.teardown.steps, ['teardown', 'steps']] as [string, Step[], PathSegment[]]]
      : []),
  ];
  for (const [scenario, steps, path] of lists)
    walk({ plan, clock, pages, entries, notes, scenario }, steps, path, undefined, 0);
  notes.add(
    'not-exported',
    'plan',
    'scenarios, executors, thresholds, extractions and checks other than one expected status have no place in HAR',
  );
  const har = { log: { version: '1.2', creator: { name: 'Loadsmith', version: VERSION }, pages, entries } };
  return { text: `${JSON.stringify(har, null, 2)}\n`, notes: notes.list };
}

interface Walk {
  plan: Plan;
  clock: Clock;
  pages: Json[];
  entries: Json[];
  notes: Notes;
  scenario: string;
}

function walk(w: Walk, steps: readonly Step[], path: PathSegment[], page: string | undefined, depth: number): void {
  const { plan, clock, pages, entries, notes, scenario } = w;
  const where = scenario === SETUP || scenario === TEARDOWN ? scenario : `scenario ${scenario}`;
  for (const [i, s] of steps.entries()) {
    if ('think' in s) {
      const t =
        typeof s.think === 'string'
          ? (parseDuration(s.think) ?? 0)
          : ((parseDuration(s.think.min) ?? 0) + (parseDuration(s.think.max) ?? 0)) / 2;
      if (typeof s.think !== 'string')
        notes.add(
          'approximated',
          where,
          `think ${s.think.min}..${s.think.max} written as its mean, ${t}ms, between entries`,
        );
      clock.ms += t;
    } else if ('group' in s) {
      let ref = page;
      if (depth === 0) {
        ref = `page_${pages.length + 1}`;
        pages.push({
          startedDateTime: new Date(clock.ms).toISOString(),
          id: ref,
          title: s.group.name,
          pageTimings: {},
        });
      } else
        notes.add(
          'approximated',
          `group ${s.group.name}`,
          "HAR pages are not nested: inner groups are part of their top-level group's page",
        );
      walk(w, s.group.steps, [...path, i, 'group', 'steps'], ref, depth + 1);
    } else if ('websocket' in s) {
      entries.push(websocketEntry(s.websocket, (r) => entry(plan, r, page, clock, notes), clock, notes, where));
    } else if ('request' in s || 'batch' in s) {
      for (const r of 'request' in s ? [s.request] : s.batch.map((b) => b.request)) {
        entries.push(entry(plan, r, page, clock, notes));
        clock.ms += 1;
      }
    } else if ('grpc' in s) {
      notes.add(
        'not-exported',
        where,
        `gRPC call '${s.grpc.name ?? s.grpc.method}' has no place in HAR (it holds HTTP exchanges)`,
      );
    } else {
      const kind = Object.keys(s)[0] ?? 'step';
      notes.add(
        'approximated',
        `${where}: ${kind} at ${formatPath([...path, i])}`,
        'HAR has no conditions, loops or choices: each request inside is written once, in order',
      );
      // Inner groups share the page of the group around the flow step, as nested groups do.
      for (const child of childLists(s))
        walk(w, child.steps, [...path, i, ...child.path], page, depth === 0 ? 0 : depth + 1);
    }
  }
}

function entry(
  plan: Plan,
  request: Parameters<typeof resolveRequest>[1],
  page: string | undefined,
  clock: Clock,
  notes: Notes,
): Json {
  const r = resolveRequest(plan, request);
  const query = r.query.map(([name, value]) => ({ name, value }));
  // HAR readers need an absolute URL: an environment variable with a default (BASE_URL) is written as its default.
  const base = templateParts(r.url)
    .map((p) =>
      p.kind === 'expr' && p.node.kind === 'env' && p.defaultText !== undefined
        ? p.defaultText
        : p.kind === 'text'
          ? literal(p.text)
          : p.source,
    )
    .join('');
  const url =
    base +
    (query.length
      ? (base.includes('?') ? '&' : '?') +
        r.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeTemplate(v)}`).join('&')
      : '');
  const headers = r.headers.map(([name, value]) => ({ name, value }));
  if (r.basic)
    headers.push({ name: 'Authorization', value: basicHeader(r.basic.username, r.basic.password, notes, r.name) });
  const req: Json = {
    method: r.method,
    url,
    httpVersion: 'HTTP/1.1',
    headers,
    queryString: query,
    cookies: [],
    headersSize: -1,
    bodySize: -1,
  };
  const type = r.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  const b = r.body;
  if (b?.kind === 'json') req.postData = { mimeType: type, text: JSON.stringify(b.value) };
  else if (b?.kind === 'form')
    req.postData = {
      mimeType: type,
      params: b.fields.map(([name, value]) => ({ name, value })),
      text: b.fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeTemplate(v)}`).join('&'),
    };
  else if (b?.kind === 'text') req.postData = { mimeType: type, text: b.text };
  else if (b?.kind === 'file') req.postData = { mimeType: type, text: '', comment: `file: ${b.path}` };
  const status =
    request.checks
      ?.map((c) => ('status' in c && typeof c.status === 'number' ? c.status : undefined))
      .find((x) => x !== undefined) ?? 0;
  return {
    ...(page ? { pageref: page } : {}),
    startedDateTime: new Date(clock.ms).toISOString(),
    time: 0,
    comment: r.name,
    request: req,
    response: {
      status,
      statusText: '',
      httpVersion: '',
      headers: [],
      cookies: [],
      content: { size: 0, mimeType: '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
  };
}

/** `Basic <base64>` now when the credentials are literal; else an expression the engine evaluates. */
function basicHeader(username: string, password: string, notes: Notes, name: string): string {
  const pair = `${username}:${password}`;
  const parts = templateParts(pair);
  if (parts.every((p) => p.kind === 'text'))
    return `Basic ${Buffer.from(parts.map((p) => (p.kind === 'text' ? p.text : '')).join(''), 'utf8').toString('base64')}`;
  let expr = templateExpression(pair);
  if (expr === undefined) {
    notes.add(
      'approximated',
      `request '${name}'`,
      'basic auth credentials with ${...:-default}: the default is left out of the Authorization header',
    );
    expr = templateExpression(pair.replace(/:-[^}]*\}/g, '}')) ?? "''";
  }
  return `Basic \${base64(${expr})}`;
}
