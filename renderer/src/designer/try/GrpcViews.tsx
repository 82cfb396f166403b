/**
 * A gRPC call's Metadata tab: the status details, the response metadata and trailers, then the call as made (its
 * request metadata and the message(s) sent). The response message itself is the Body tab's.
 */
import type { TraceEntry } from '../../../../app/contract/index.ts';
import { HeaderTable } from './BodyViews.tsx';
import { prettyBody } from './format.ts';

type Grpc = NonNullable<TraceEntry['grpc']>;

export function GrpcMetadataView({ entry, grpc }: { entry: TraceEntry; grpc: Grpc }) {
  const { request, response } = entry;
  const sent = request.body === null ? null : prettyBody(request.body, 'application/json');
  return (
    <div className="try-headers">
      <h4>Status</h4>
      <p className="mono">
        {grpc.code} {grpc.status}
        {grpc.details !== '' && grpc.details !== grpc.status ? ` — ${grpc.details}` : ''}
      </p>
      <h4>Response metadata</h4>
      {response && response.headers.length > 0 ? (
        <HeaderTable label="Response metadata" headers={response.headers} />
      ) : (
        <p className="try-muted">No metadata was received.</p>
      )}
      <h4>Trailers</h4>
      {grpc.trailers.length > 0 ? (
        <HeaderTable label="Trailers" headers={grpc.trailers} />
      ) : (
        <p className="try-muted">No trailers besides the status.</p>
      )}
      <h4>Call</h4>
      <p className="mono try-request-line">{request.url}</p>
      {request.headers.length > 0 && <HeaderTable label="Request metadata" headers={request.headers} />}
      {sent !== null && (
        <pre className="try-body mono json" aria-label="Message sent">
          {sent.text}
          {request.bodyTruncated ? '\n…' : ''}
        </pre>
      )}
    </div>
  );
}
