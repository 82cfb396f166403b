/**
 * Route handlers of the demo server. Each answers one endpoint; routing, auth and the body size limit
 * live in server.ts.
 */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import { numberParam, prepare, readBody, sendError, sendJson } from './http-util.ts';
import { renderHomePage } from './page.ts';
import { DEMO_PASSWORD, type DemoState } from './state.ts';

/** What a handler gets: the exchange, the parsed target, and the `:param` of prefix routes. */
export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  path: string;
  query: URLSearchParams | undefined;
  param: string;
  state: DemoState;
}

export type Handler = (ctx: Ctx) => void | Promise<void>;

const HEALTH = prepare({ status: 'ok' });
const FLAKY_OK = prepare({ ok: true });
const FLAKY_FAIL = prepare({ error: 'injected failure' });
const MAX_PAGE = 1_000_000;

export const home: Handler = ({ res }) => {
  const body = Buffer.from(renderHomePage().html);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
  res.end(body);
};

export const health: Handler = ({ res }) => sendJson(res, 200, HEALTH);

function parseLoginBody(body: string, contentType: string): Record<string, unknown> | undefined {
  const looksJson =
    contentType.includes('json') || (!contentType.includes('urlencoded') && body.trimStart().startsWith('{'));
  if (!looksJson) return Object.fromEntries(new URLSearchParams(body));
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export const login: Handler = async ({ req, res, state }) => {
  const fields = parseLoginBody(await readBody(req), req.headers['content-type'] ?? '');
  if (fields === undefined) {
    sendError(
      res,
      400,
      'body must be JSON {"username": "...", "password": "..."} or a urlencoded form with those fields',
    );
    return;
  }
  const { username, password } = fields;
  if (typeof username !== 'string' || username === '' || typeof password !== 'string') {
    sendError(res, 400, 'username (non-empty) and password are required, both strings');
    return;
  }
  if (password !== DEMO_PASSWORD) {
    sendError(res, 401, `wrong password: every demo user's password is "${DEMO_PASSWORD}"`);
    return;
  }
  const token = state.issueToken();
  sendJson(res, 200, { token }, { 'set-cookie': `session=${token}; Path=/; HttpOnly` });
};

/** Strict positive integer parsing for ids and page numbers ("1e3", "01x" are refused). */
function positiveInt(raw: string | null | undefined): number | undefined {
  if (raw === null || raw === undefined || !/^\d{1,15}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

export const listUsers: Handler = ({ res, query, state }) => {
  const rawPage = query?.get('page');
  const rawLimit = query?.get('limit');
  const page = rawPage === undefined || rawPage === null ? 1 : positiveInt(rawPage);
  const limit = rawLimit === undefined || rawLimit === null ? 10 : positiveInt(rawLimit);
  if (page === undefined || page > MAX_PAGE || limit === undefined) {
    sendError(res, 400, 'page and limit must be positive integers (limit at most 100), e.g. /v3/users?page=2&limit=10');
    return;
  }
  sendJson(res, 200, state.usersPage(page, Math.min(limit, 100)));
};

export const getUser: Handler = ({ res, param, state }) => {
  const id = positiveInt(param);
  const body = id === undefined ? undefined : state.userBody(id);
  if (body === undefined) sendError(res, 404, `user ${param} not found: ids are 1..${state.users.length}`);
  else sendJson(res, 200, body);
};

export const createOrganization: Handler = async ({ req, res, state }) => {
  let value: unknown;
  try {
    value = JSON.parse(await readBody(req));
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    sendError(res, 400, 'body must be JSON like {"name": "Acme"}');
    return;
  }
  const name = value !== null && typeof value === 'object' ? (value as { name?: unknown }).name : undefined;
  if (typeof name !== 'string' || name.trim() === '') {
    sendError(res, 400, 'field "name" is required and must be a non-empty string');
    return;
  }
  const { id, body } = state.createOrganization(name);
  sendJson(res, 201, body, { location: `/v3/organizations/${id}` });
};

export const getOrganization: Handler = ({ res, param, state }) => {
  const id = positiveInt(param);
  const body = id === undefined ? undefined : state.organizationBody(id);
  if (body === undefined) sendError(res, 404, `organization ${param} not found (the demo keeps the last 10000)`);
  else sendJson(res, 200, body);
};

export const slow: Handler = ({ res, query }) => {
  const ms = numberParam(query, 'ms', 200, 0, 10_000);
  if (ms === undefined) {
    sendError(res, 400, 'ms must be a number of milliseconds (0..10000), e.g. /slow?ms=200');
    return;
  }
  const sleptMs = Math.round(ms);
  const timer = setTimeout(() => sendJson(res, 200, { sleptMs }), sleptMs);
  // A client that gives up (or a server shutting down) must not leave the timer behind.
  res.once('close', () => clearTimeout(timer));
};

export const flaky: Handler = ({ res, query }) => {
  const fail = numberParam(query, 'fail', 0.1, 0, 1);
  if (fail === undefined) {
    sendError(res, 400, 'fail must be a probability between 0 and 1, e.g. /flaky?fail=0.1');
    return;
  }
  if (Math.random() < fail) sendJson(res, 500, FLAKY_FAIL);
  else sendJson(res, 200, FLAKY_OK);
};

/** Statuses whose responses must not carry a body. */
const NO_BODY = new Set([204, 205, 304]);

export const status: Handler = ({ res, param }) => {
  const code = /^\d{3}$/.test(param) ? Number(param) : NaN;
  // 1xx are interim responses, not something a handler can answer with.
  if (!(code >= 200 && code <= 599)) {
    sendError(res, 400, `invalid status "${param}": use a number from 200 to 599, e.g. /status/503`);
    return;
  }
  if (NO_BODY.has(code)) {
    res.writeHead(code);
    res.end();
    return;
  }
  sendJson(res, code, { status: code, description: STATUS_CODES[code] ?? 'Unknown' });
};
