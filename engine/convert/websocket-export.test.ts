/** Exports of a plan with a WebSocket session: k6 writes it (k6/ws); cURL and HAR report it, never drop it silently. */
import { describe, expect, it } from 'vitest';
import { loadPlanFile } from '../plan/file.ts';
import { exportCurl, exportHar, exportK6 } from './index.ts';

describe('exports of a WebSocket session', () => {
  it('k6 writes the session with k6/ws; cURL and HAR name it in a not-exported note', async () => {
    const { plan } = await loadPlanFile(new URL('../../plans/examples/websocket.yaml', import.meta.url).pathname);
    const k6 = exportK6(plan);
    expect(k6.notes).toEqual([]);
    expect(k6.text).toContain("import ws from 'k6/ws';");
    expect(k6.text).toContain('const res = wsSession(');
    for (const [format, result] of [['curl', exportCurl(plan)], ['har', exportHar(plan)]] as const) {
      const notes = result.notes.filter((n) => n.kind === 'not-exported' && n.message.includes('WebSocket'));
      expect(notes.length, format).toBe(1);
      expect(`${notes[0]?.where} ${notes[0]?.message}`, format).toContain('chat');
    }
  });
});
