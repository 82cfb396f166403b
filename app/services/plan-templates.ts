/** Starting points for a new plan: an empty one-request plan, or the demo plan (runs against the bundled demo API). */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const DEMO_PLAN = new URL('../../plans/demo.yaml', import.meta.url);

export function planTemplate(template: 'blank' | 'demo', name: string): Record<string, unknown> {
  if (template === 'demo') return { ...(parse(readFileSync(DEMO_PLAN, 'utf8')) as Record<string, unknown>), name };
  return {
    version: 1,
    name,
    defaults: { baseUrl: '${env.BASE_URL:-http://127.0.0.1:3000}' },
    scenarios: {
      default: {
        executor: 'constant-vus',
        vus: 1,
        duration: '10s',
        steps: [{ request: { name: 'Home', url: '/', checks: [{ status: 200 }] } }],
      },
    },
  };
}
