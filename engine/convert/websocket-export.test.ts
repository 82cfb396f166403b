/** Exports of a plan with a WebSocket session: each exporter reports the session it cannot write, never drops it silently. */
import { describe, expect, it } from 'vitest';
import { loadPlanFile } from '../plan/file.ts';
import { exportCurl, exportHar, exportK6 } from './index.ts';

describe('exports of a WebSocket session', () => {
  it('k6, cURL and HAR name the session in a not-exported note', async () => {
    const { plan } = await loadPlanFile(new URL('../../plans/examples/websocket.yaml', import.meta.url).pathname);
    for (const [format, result] of [['k6', exportK6(plan)], ['curl', exportCurl(plan)], ['har', exportHar(plan)]] as const) {
      const notes = result.notes.filter((n) => n.kind === 'not-exported' && n.message.includes('WebSocket'));
      expect(notes.length, format).toBe(1);
      expect(`${notes[0]?.where} ${notes[0]?.message}`, format).toContain('chat');
    }
  });
});
