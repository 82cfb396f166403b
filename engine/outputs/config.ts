/**
 * The settings each streaming output takes from the environment. Credentials come only from the environment (the
 * CLI's, or the app's environment with its secret store), never from a URL or a plan file, so they are never
 * written anywhere.
 */
import { OutputConfigError } from './kinds.ts';
import { DEFAULT_TREND_STATS, parseTrendStats, type TrendStat } from './trend-stats.ts';

export { database, OutputConfigError, STREAM_KINDS, StreamOutput, streamOutput, withoutPassword } from './kinds.ts';

export type Env = Readonly<Record<string, string | undefined>>;

const nonEmpty = (env: Env, name: string): string | undefined => {
  const v = env[name];
  return v === undefined || v.trim() === '' ? undefined : v;
};

/** `Name: value, Other: value` or `Name=value,Other=value` (OTEL_EXPORTER_OTLP_HEADERS's form) into headers. */
export function parseHeaderList(text: string, variable: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const item of text.split(',')) {
    if (item.trim() === '') continue;
    const at = item.search(/[:=]/);
    const name = at > 0 ? item.slice(0, at).trim() : '';
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
      throw new OutputConfigError(
        `${variable}: '${item.trim().slice(0, 40)}' is not Name=value (headers are separated by commas)`,
      );
    headers[name.toLowerCase()] = decodeURIComponent(item.slice(at + 1).trim());
  }
  return headers;
}

/** Authorization from the environment: a bearer token, or a user name and password (basic). */
export function authHeader(env: Env, prefix: string, tokenScheme = 'Bearer'): Record<string, string> {
  const token = nonEmpty(env, `${prefix}_TOKEN`);
  const user = nonEmpty(env, `${prefix}_USERNAME`);
  const password = env[`${prefix}_PASSWORD`] ?? '';
  if (token && user)
    throw new OutputConfigError(
      `both ${prefix}_TOKEN and ${prefix}_USERNAME are set: give a token or a user name and password, not both`,
    );
  if (token) return { authorization: `${tokenScheme} ${token}` };
  if (user) return { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
  return {};
}

export function trendStatsFrom(env: Env, variable: string): TrendStat[] {
  try {
    return parseTrendStats(nonEmpty(env, variable) ?? DEFAULT_TREND_STATS);
  } catch (e) {
    throw new OutputConfigError(`${variable}: ${(e as Error).message}`);
  }
}

export function envValue(env: Env, name: string): string | undefined {
  return nonEmpty(env, name);
}
