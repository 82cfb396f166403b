/** The helpers an exported gRPC step calls (added to the script's helper table, helpers.ts). */
import type { Helper } from './script.ts';

export const GRPC_HELPERS: Record<string, Helper> = {
  grpcKinds: {
    uses: [],
    code: `// The kind of each method the protos declare (client.load() lists them): unary, client, server or bidi stream.
function grpcKinds(methods) {
  const kinds = {};
  for (const m of methods) kinds[m.full_method.replace(/^\\//, '')] = m.is_client_stream ? (m.is_server_stream ? 'bidi' : 'client') : m.is_server_stream ? 'server' : 'unary';
  return kinds;
}`,
  },
  grpcCall: {
    uses: [],
    code: `// A gRPC step as Loadsmith makes it: a unary call with invoke(); a stream (of the kind the protos declare, else
// \`hint\`) with grpc.Stream: the messages written (a server stream: the one message), end(), then the responses
// collected up to \`max\` until the server ends the call. A server or bidirectional stream's response message is the
// list of messages received, a client stream's the one message; k6 gives a stream no metadata or trailers.
async function grpcCall(c, method, message, messages, params, max, hint) {
  const kind = c.methods[method] || hint || 'unary';
  if (kind === 'unary') return c.client.invoke(method, message, params);
  const out = await new Promise((resolve) => {
    const got = [];
    const stream = new k6grpc.Stream(c.client, method, params);
    stream.on('data', (m) => { if (got.length < max) got.push(m); });
    stream.on('error', (e) => resolve({ status: e.code, error: e, got }));
    stream.on('end', () => resolve({ status: 0, got }));
    for (const m of kind === 'server' || messages === undefined ? [message] : messages) stream.write(m);
    stream.end();
  });
  const many = kind === 'server' || kind === 'bidi';
  return { status: out.status, error: out.error, message: many ? out.got : out.got[0], headers: {}, trailers: {} };
}`,
  },
};
