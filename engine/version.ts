/** The Loadsmith version, from the runner package's package.json (shown in summaries and the User-Agent). */
import pkg from './package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
export const USER_AGENT = `loadsmith/${VERSION}`;
