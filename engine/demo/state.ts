/**
 * In-memory data of the demo server: a fixed user list, issued tokens and created organizations.
 * Tokens and organizations are bounded (oldest evicted) so hours of load never grow memory.
 */
import { randomUUID } from 'node:crypto';
import { prepare, type Prepared } from './http-util.ts';

/** The fixed token accepted without logging in, handy for curl and the README. */
export const DEMO_TOKEN = 'demo-token';
/** The password every demo user has. */
export const DEMO_PASSWORD = 'demo';
export const USER_COUNT = 100;
export const MAX_TOKENS = 100_000;
export const MAX_ORGANIZATIONS = 10_000;

export interface DemoUser {
  id: number;
  username: string;
  email: string;
  organization: string;
}

const FIRST_NAMES = ['ada', 'alan', 'grace', 'linus', 'margaret', 'dennis', 'barbara', 'ken', 'frances', 'edsger'];
const ORGANIZATIONS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli'];

function makeUsers(): DemoUser[] {
  const users: DemoUser[] = [];
  for (let id = 1; id <= USER_COUNT; id++) {
    const username = `${FIRST_NAMES[(id - 1) % FIRST_NAMES.length]}${id}`;
    users.push({
      id,
      username,
      email: `${username}@example.com`,
      organization: ORGANIZATIONS[(id - 1) % ORGANIZATIONS.length] as string,
    });
  }
  return users;
}

/** Drops the oldest entry (insertion order) once a bounded collection grows past `max`. */
function evictOldest<K>(keys: { size: number; keys(): Iterator<K>; delete(key: K): boolean }, max: number): void {
  if (keys.size <= max) return;
  const oldest = keys.keys().next();
  if (oldest.done !== true) keys.delete(oldest.value);
}

/** All mutable and precomputed state of one demo server instance. */
export class DemoState {
  /** The lookup's backend time (GET /lookup/phone/:phone), in ms. */
  lookupDelayMs = 0;
  readonly users: DemoUser[] = makeUsers();
  private readonly userBodies: Prepared[] = this.users.map((u) => prepare(u));
  /** Serialised pages keyed by "page:limit"; only in-range pages are cached, so at most a few hundred. */
  private readonly pageCache = new Map<string, Prepared>();
  private readonly tokens = new Set<string>();
  private readonly orgs = new Map<number, Prepared>();
  private nextOrgId = 1;

  /** Issues and remembers a new session token. */
  issueToken(): string {
    const token = randomUUID().replaceAll('-', '');
    this.tokens.add(token);
    evictOldest(this.tokens, MAX_TOKENS);
    return token;
  }

  isValidToken(token: string): boolean {
    return token === DEMO_TOKEN || this.tokens.has(token);
  }

  userBody(id: number): Prepared | undefined {
    return this.userBodies[id - 1];
  }

  /** The serialised page of users; `page` >= 1, `limit` in 1..100. */
  usersPage(page: number, limit: number): Prepared {
    const key = `${page}:${limit}`;
    const cached = this.pageCache.get(key);
    if (cached) return cached;
    const start = (page - 1) * limit;
    const more = start + limit < USER_COUNT;
    const body = prepare({
      count: USER_COUNT,
      page,
      next: more ? `/v3/users?page=${page + 1}&limit=${limit}` : null,
      results: this.users.slice(start, start + limit),
    });
    if (start < USER_COUNT) this.pageCache.set(key, body);
    return body;
  }

  /** Creates an organization and returns its id and serialised body. */
  createOrganization(name: string): { id: number; body: Prepared } {
    const id = this.nextOrgId++;
    const body = prepare({ id, name, createdAt: new Date().toISOString() });
    this.orgs.set(id, body);
    evictOldest(this.orgs, MAX_ORGANIZATIONS);
    return { id, body };
  }

  organizationBody(id: number): Prepared | undefined {
    return this.orgs.get(id);
  }
}
