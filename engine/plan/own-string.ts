/**
 * A plan's string as a string of its own, not a view of the plan's text. V8 keeps a slice of 13 characters or more
 * as a view of the whole string, so a plan's values kept its whole text alive for as long as the plan: 3.7 MB for a
 * 10,000-step recording, on the coordinator for the whole run. Both readers (block-yaml.ts, yaml-value.ts) keep
 * their strings so. The JSON round trip gives back every code unit, lone surrogates included.
 */
export const own = (v: unknown): unknown =>
  typeof v === 'string' && v.length >= 13 ? JSON.parse(JSON.stringify(v)) : v;
