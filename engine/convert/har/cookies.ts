/**
 * Cookies in a recording: those an earlier recorded response set are the plan's cookie jar's business (it will
 * get fresh ones from the same responses), so they are left out of the Cookie headers. The rest (set before the
 * recording started) stay, and as credentials they become `${env.COOKIE}` in the secrets pass.
 */
import type { Notes } from '../draft.ts';
import type { HarEntry } from './schema.ts';

export class CookieTracker {
  /** host -> names of cookies set by responses so far. */
  private readonly set = new Map<string, Set<string>>();

  record(e: HarEntry): void {
    const host = hostOf(e.request.url);
    const names = this.set.get(host) ?? new Set<string>();
    for (const c of e.response?.cookies ?? []) names.add(c.name);
    for (const h of e.response?.headers ?? []) {
      if (h.name.toLowerCase() !== 'set-cookie') continue;
      for (const line of h.value.split('\n')) {
        const name = line.split(';', 1)[0]?.split('=', 1)[0]?.trim();
        if (name) names.add(name);
      }
    }
    this.set.set(host, names);
  }

  /** The Cookie header without the cookies the jar will have; undefined when none is left. */
  unsetBy(header: string, url: string, where: string, notes: Notes): string | undefined {
    const host = hostOf(url);
    const known = new Set([...this.set.entries()].filter(([h]) => sameSite(h, host)).flatMap(([, n]) => [...n]));
    const pairs = header
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean);
    const kept = pairs.filter((p) => !known.has(p.split('=', 1)[0]?.trim() ?? ''));
    const dropped = pairs.length - kept.length;
    if (dropped > 0)
      notes.add(
        'info',
        where,
        `${dropped} cookie${dropped === 1 ? '' : 's'} set by earlier recorded responses left to the plan's cookie jar`,
      );
    return kept.length > 0 ? kept.join('; ') : undefined;
  }
}

function hostOf(url: string): string {
  return /^https?:\/\/([^/:?#]+)/i.exec(url)?.[1]?.toLowerCase() ?? '';
}

/** Same registrable-ish domain: equal, or one a subdomain of the other (cookies are often set for the parent). */
function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}
