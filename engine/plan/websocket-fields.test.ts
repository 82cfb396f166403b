/** WebSocket steps in plan files: names they extract are known after them; mistakes are located with their path. */
import { describe, expect, it } from 'vitest';
import { parsePlan, PlanError, type PlanIssue } from './index.ts';

const FILE = 'plans/ws.yaml';
const plan = (steps: string, more = ''): string => `version: 1
name: ws
scenarios:
  s:
    executor: per-vu-iterations
    steps:
${steps}
${more}`;

function issues(source: string): PlanIssue[] {
  try {
    parsePlan(source, FILE);
  } catch (e) {
    if (e instanceof PlanError) return e.issues;
    throw e;
  }
  throw new Error('expected the plan to be refused');
}
const where = (i: PlanIssue | undefined): string => `${i?.position?.line}:${i?.position?.column} ${i?.path.join('.')}`;

describe('websocket steps in a plan file', () => {
  it('know what a receive extracts and the message a condition reads; thresholds know the session and its checks', () => {
    const parsed = parsePlan(
      plan(
        `      - websocket:
          name: chat
          url: "ws://127.0.0.1:1/ws?t=\${env.T:-x}"
          actions:
            - receive: { condition: 'message.type == "welcome"', extract: { me: { jsonPath: $.id } }, checks: [{ jsonPath: $.id, exists: true }] }
            - send: "I am \${me}"
      - request: { url: "http://127.0.0.1:1/users/\${me}" }`,
        `thresholds:
  ws_msgs_received{name:chat}: ["count>0"]
  "checks{check:receive 1: $.id exists}": ["rate==1"]`,
      ),
      FILE,
    );
    expect(Object.keys(parsed.plan.thresholds ?? {})).toHaveLength(2);
  });

  it('locates an unknown variable in a send, a bad condition and a threshold on a session that does not exist', () => {
    const found = issues(
      plan(
        `      - websocket:
          url: ws://127.0.0.1:1/ws
          actions:
            - send: "hi \${nobody}"
            - receive: { condition: "message.type ==" }`,
        `thresholds:
  ws_sessions{name:nope}: ["count>0"]`,
      ),
    );
    expect(found.map((i) => where(i))).toEqual([
      '10:27 scenarios.s.steps.0.websocket.actions.0.send',
      '11:53 scenarios.s.steps.0.websocket.actions.1.receive.condition',
      '13:3 thresholds.ws_sessions{name:nope}',
    ]);
    expect(found[0]?.message).toContain("'nobody' is neither a plan variable nor extracted");
  });

  it('refuses an action it does not know and a close code out of range, at their place', () => {
    const found = issues(
      plan(`      - websocket:
          url: ws://127.0.0.1:1/ws
          actions:
            - shout: hi
            - close: { code: 99 }`),
    );
    expect(found.map((i) => i.path.join('.'))).toEqual(
      expect.arrayContaining([
        'scenarios.s.steps.0.websocket.actions.0',
        'scenarios.s.steps.0.websocket.actions.1.close.code',
      ]),
    );
  });
});
