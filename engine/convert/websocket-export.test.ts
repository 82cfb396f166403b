/** Exports of a plan with a WebSocket session: k6 (k6/ws) and HAR (Chrome's form) write it; cURL reports it, never drops it silently. */
import { describe, expect, it } from 'vitest';
import { loadPlanFile } from '../plan/file.ts';
import { exportCurl, exportHar, exportK6 } from './index.ts';

describe('exports of a WebSocket session', () => {
  it('k6 writes the session with k6/ws, HAR as a websocket entry; cURL names it in a not-exported note', async () => {
    const { plan } = await loadPlanFile(new URL('../../plans/examples/websocket.yaml', import.meta.url).pathname);
    const k6 = exportK6(plan);
    expect(k6.notes).toEqual([]);
    expect(k6.text).toContain("import ws from 'k6/ws';");
    expect(k6.text).toContain('const res = wsSession(');
    const har = JSON.parse(exportHar(plan).text) as {
      log: { entries: { _resourceType?: string; request: { url: string }; response: { status: number } }[] };
    };
    expect(har.log.entries.map((e) => [e._resourceType, e.request.url, e.response.status])).toEqual([
      ['websocket', 'ws://127.0.0.1:3000/ws/chat?room=room-${vu}', 101],
    ]);
    for (const [format, result] of [['curl', exportCurl(plan)]] as const) {
      const notes = result.notes.filter((n) => n.kind === 'not-exported' && n.message.includes('WebSocket'));
      expect(notes.length, format).toBe(1);
      expect(`${notes[0]?.where} ${notes[0]?.message}`, format).toContain('chat');
    }
  });
});
