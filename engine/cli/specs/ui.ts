/** `loadsmith ui`: the app in a browser (the app itself is app/server/launch.ts, loaded only for this command). */
import { defineCommand } from '../spec.ts';

export const uiSpec = defineCommand({
  name: 'ui',
  summary: 'the app in your browser (127.0.0.1, behind a token)',
  description:
    'Serves the Loadsmith app on 127.0.0.1 (a random port unless --port), behind a random token, and opens it in your browser. Ctrl-C stops it (a running test is stopped and its summary stored).',
  operands: [],
  options: {
    port: { type: 'string', short: 'p', value: 'N', help: 'the port (default: a free one)' },
    'no-open': { type: 'boolean', help: 'print the link, do not open a browser' },
    'data-dir': {
      type: 'string',
      value: 'DIR',
      file: true,
      help: 'where the database lives (default: LOADSMITH_DATA_DIR, else your user data directory; printed at start)',
    },
  },
  examples: [
    ['loadsmith ui', 'open the app'],
    [
      'loadsmith ui --port 8500 --data-dir ./loadsmith-data --no-open',
      'on a shared box: a fixed port, a data directory of its own',
    ],
  ],
});
