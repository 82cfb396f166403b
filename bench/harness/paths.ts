/** Where the harness finds the repository and the tools scripts/install-bench-tools.sh installs. */
import { join } from 'node:path';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
export const TOOLS = join(ROOT, '.tools');
