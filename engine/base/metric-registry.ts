/**
 * The built-in metrics, with k6's names, types and meanings. Thresholds, summaries and charts all read
 * from this table, so a metric exists in one place.
 */
export type MetricType = 'counter' | 'gauge' | 'rate' | 'trend';
export type MetricUnit = 'ms' | 'bytes' | 'count' | 'vus' | 'ratio';
/** The summary sections of metrics recorded by steps other than the HTTP request. */
export type TaggedSection = 'GRPC' | 'WEBSOCKET';

export interface MetricDef {
  readonly name: string;
  readonly type: MetricType;
  readonly unit: MetricUnit;
  /** Tags a threshold may filter this metric by (besides the plan's custom tags, for HTTP metrics). */
  readonly tags: readonly string[];
  readonly description: string;
  /**
   * Recorded per tag set by a step other than the HTTP request (tagged.ts), read from the run's tagged totals; the
   * value is the summary's section that lists it. The reports list each section's metrics from this table.
   */
  readonly tagged?: TaggedSection;
}

/** `request` is the name of a request step; `name` is accepted as k6's spelling of the same tag. */
export const HTTP_TAGS = ['scenario', 'group', 'request', 'name', 'method', 'status', 'expected_response'] as const;

const http = (name: string, type: MetricType, unit: MetricUnit, description: string): MetricDef => ({
  name,
  type,
  unit,
  tags: HTTP_TAGS,
  description,
});

/** k6's tags of gRPC metrics (`request`, as for HTTP, is the step's name; `method` is /package.Service/Method). */
export const GRPC_TAGS = ['scenario', 'group', 'request', 'name', 'method', 'status'] as const;

const grpc = (name: string, type: MetricType, unit: MetricUnit, description: string): MetricDef => ({
  name,
  type,
  unit,
  tags: GRPC_TAGS,
  description,
  tagged: 'GRPC',
});

/** Tags of the WebSocket metrics: `request` (k6's `name`) is the step's name, default its URL as written; `status` the handshake's. */
export const WS_TAGS = ['scenario', 'group', 'request', 'name', 'status'] as const;

const ws = (name: string, type: MetricType, unit: MetricUnit, description: string): MetricDef => ({
  name,
  type,
  unit,
  tags: WS_TAGS,
  description,
  tagged: 'WEBSOCKET',
});

const DEFS: MetricDef[] = [
  http('http_reqs', 'counter', 'count', 'HTTP requests sent (each redirect hop counts)'),
  http(
    'http_req_failed',
    'rate',
    'ratio',
    'Share of requests that failed: a transport error or a status outside expectedStatuses',
  ),
  http('http_req_duration', 'trend', 'ms', 'Request time: sending + waiting + receiving'),
  http(
    'http_req_blocked',
    'trend',
    'ms',
    'Time waiting for a free connection (includes connecting and TLS for a new one)',
  ),
  http(
    'http_req_looking_up',
    'trend',
    'ms',
    'Time resolving the host name with DNS (0 on a reused connection or an IP address)',
  ),
  http(
    'http_req_connecting',
    'trend',
    'ms',
    'Time establishing the TCP connection, after DNS (0 on a reused connection)',
  ),
  http('http_req_tls_handshaking', 'trend', 'ms', 'Time of the TLS handshake (0 on a reused or plain connection)'),
  http('http_req_sending', 'trend', 'ms', 'Time writing the request'),
  http('http_req_waiting', 'trend', 'ms', 'Time to first byte of the response after sending'),
  http('http_req_receiving', 'trend', 'ms', 'Time reading the response'),
  http(
    'data_sent',
    'counter',
    'bytes',
    'Bytes sent: request lines, headers and bodies, and WebSocket handshakes and frames',
  ),
  http(
    'data_received',
    'counter',
    'bytes',
    'Bytes received: status lines, headers and bodies, and WebSocket handshakes and frames',
  ),
  grpc(
    'grpc_req_duration',
    'trend',
    'ms',
    'Time of a unary gRPC call, from sending it to its status; its count is the calls made',
  ),
  grpc('grpc_streams', 'counter', 'count', 'gRPC streams (server, client or bidirectional) run to their end'),
  grpc('grpc_streams_msgs_sent', 'counter', 'count', 'Messages sent on gRPC streams'),
  grpc('grpc_streams_msgs_received', 'counter', 'count', 'Messages received on gRPC streams'),
  { name: 'iterations', type: 'counter', unit: 'count', tags: ['scenario'], description: 'Completed iterations' },
  {
    name: 'iteration_duration',
    type: 'trend',
    unit: 'ms',
    tags: ['scenario'],
    description: 'Time of one complete iteration',
  },
  {
    name: 'iteration_lag',
    type: 'trend',
    unit: 'ms',
    tags: ['scenario'],
    description: 'How late iterations of the open model started after their scheduled time',
  },
  {
    name: 'dropped_iterations',
    type: 'counter',
    unit: 'count',
    tags: ['scenario'],
    description: 'Iterations not started (no free VU, or data exhausted)',
  },
  {
    name: 'group_duration',
    type: 'trend',
    unit: 'ms',
    tags: ['scenario', 'group'],
    description: 'Time to run a group',
  },
  {
    name: 'checks',
    type: 'rate',
    unit: 'ratio',
    tags: ['scenario', 'group', 'request', 'check'],
    description: 'Share of checks that passed',
  },
  { name: 'vus', type: 'gauge', unit: 'vus', tags: [], description: 'Active virtual users' },
  { name: 'vus_max', type: 'gauge', unit: 'vus', tags: [], description: 'Allocated virtual users' },
  ws(
    'ws_connecting',
    'trend',
    'ms',
    'WebSocket: time from the start of the connection to the end of the opening handshake',
  ),
  ws('ws_session_duration', 'trend', 'ms', 'WebSocket: time from the start of the connection to its close'),
  ws('ws_sessions', 'counter', 'count', 'WebSocket sessions started'),
  ws('ws_msgs_sent', 'counter', 'count', 'WebSocket messages sent'),
  ws('ws_msgs_received', 'counter', 'count', 'WebSocket messages received'),
  ws('ws_ping', 'trend', 'ms', 'WebSocket: time from a ping to its pong'),
];

/** The sections of tagged metrics (WEBSOCKET), each with its metrics in registry order: the reports list them. */
export const METRIC_SECTIONS: readonly { title: TaggedSection; metrics: readonly MetricDef[] }[] = [
  ...new Set(DEFS.flatMap((m) => (m.tagged ? [m.tagged] : []))),
].map((title) => ({ title, metrics: DEFS.filter((m) => m.tagged === title) }));

export const METRICS: Readonly<Record<string, MetricDef>> = Object.fromEntries(DEFS.map((m) => [m.name, m]));

/** Aggregations a threshold may use per metric type (k6's rules). */
export const AGGREGATIONS: Readonly<Record<MetricType, readonly string[]>> = {
  trend: ['avg', 'min', 'max', 'med', 'p(N)'],
  counter: ['count', 'rate'],
  rate: ['rate'],
  gauge: ['value'],
};
