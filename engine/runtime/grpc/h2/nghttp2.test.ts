import { constants } from 'node:http2';
import { expect, it } from 'vitest';
import * as ours from './nghttp2.ts';

it('has the numbers node:http2 has', () => {
  expect(Object.keys(ours).length).toBe(7);
  for (const [name, value] of Object.entries(ours))
    expect([name, value]).toEqual([name, constants[name as keyof typeof constants]]);
});
