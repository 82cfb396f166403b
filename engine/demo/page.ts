/**
 * The demo server's home page: lists the endpoints and offers a login form. The form carries a fresh
 * hidden csrf_token on every load so the recorder's correlation (extract from page, reuse in the
 * request) has a real dynamic value to find.
 */
import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD, DEMO_TOKEN } from './state.ts';

const ENDPOINTS: Array<[string, string]> = [
  ['GET /health', 'liveness, no auth'],
  [
    'POST /v3/auth/login',
    `JSON or form {username, password}; password is "${DEMO_PASSWORD}"; returns {token} and a session cookie`,
  ],
  ['GET /v3/users?page=1&limit=10', 'paginated list of 100 users (auth)'],
  ['GET /v3/users/:id', 'one user (auth)'],
  ['POST /v3/organizations', 'JSON {name}; 201 with Location (auth)'],
  ['GET /v3/organizations/:id', 'one organization (auth)'],
  ['GET /slow?ms=200', 'answers after ms milliseconds (0..10000)'],
  ['GET /flaky?fail=0.1', 'fails with 500 with probability fail (0..1)'],
  ['GET /status/:code', 'answers with that status (200..599)'],
  ['WebSocket /ws/echo', 'sends every message back'],
  [
    'WebSocket /ws/chat?room=lobby',
    'welcome {type, id, room}; {"type":"say","text":...} is broadcast to the room as {type:"message", from, text}',
  ],
];

const escapeHtml = (s: string): string =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const rows = ENDPOINTS.map(([route, what]) => `<li><code>${escapeHtml(route)}</code> — ${escapeHtml(what)}</li>`).join(
  '\n',
);

// The page is split around the token so each request only concatenates three strings.
const HEAD = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Loadsmith demo API</title></head>
<body>
<h1>Loadsmith demo API</h1>
<p>A small REST API to try Loadsmith against. Endpoints under <code>/v3</code> (except login) need
<code>Authorization: Token &lt;token&gt;</code> (or <code>Bearer</code>), or the session cookie.
The fixed token <code>${DEMO_TOKEN}</code> always works.</p>
<ul>
${rows}
</ul>
<h2>Log in</h2>
<form method="post" action="/v3/auth/login">
<input type="hidden" name="csrf_token" value="`;
const TAIL = `">
<label>Username <input name="username" value="demo"></label>
<label>Password <input name="password" type="password" value="${DEMO_PASSWORD}"></label>
<button type="submit">Log in</button>
</form>
<p>Then browse the <a href="/v3/users">users</a>.</p>
</body>
</html>
`;

/** Renders the home page with a new random csrf token. */
export function renderHomePage(): { html: string; csrfToken: string } {
  const csrfToken = randomBytes(16).toString('hex');
  return { html: HEAD + csrfToken + TAIL, csrfToken };
}
