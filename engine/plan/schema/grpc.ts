/**
 * A gRPC call as a step (k6/net/grpc): unary, server-streaming, client-streaming or bidirectional, as the method's
 * descriptor says. Descriptors come from .proto files (relative to the plan) or from the server's reflection service.
 */
import { z } from 'zod';
import { DurationCheck, JsonPathCheck } from './checks.ts';
import { Duration, OnFailure, Tags, Template, variableName } from './common.ts';
import { TlsOptions } from './connection.ts';
import { GRPC_CODES } from './constants.ts';

const name = z
  .string()
  .min(1)
  .optional()
  .meta({ description: 'Label shown in the summary; derived from the check when omitted.' });
const Code = z.union([z.int().min(0).max(16), z.enum(GRPC_CODES)]);
const regex = z.string().min(1).meta({ description: 'A regular expression (JavaScript syntax).' });

const valueOps = {
  exists: z.boolean().optional(),
  equals: z.string().optional(),
  contains: z.string().optional(),
  matches: regex.optional(),
  name,
};
const key = (what: string) =>
  z
    .string()
    .min(1)
    .meta({ description: `The ${what} key (lower case, as gRPC sends it).` });

export const GrpcCheck = z
  .union([
    z.strictObject({
      code: z
        .union([Code, z.array(Code).min(1)])
        .meta({ description: 'Expected gRPC status: a code (0-16) or its name (OK, NOT_FOUND, ...), or a list.' }),
      name,
    }),
    JsonPathCheck,
    z.strictObject({ metadata: key('response metadata (headers)'), ...valueOps }),
    z.strictObject({ trailer: key('trailer'), ...valueOps }),
    DurationCheck,
  ])
  .meta({
    id: 'GrpcCheck',
    description:
      'A check on a gRPC call: its status code, the response message by JSONPath (a stream: the list of messages), its metadata or trailers, its duration.',
  });
export type GrpcCheck = z.infer<typeof GrpcCheck>;

const fallback = z
  .unknown()
  .optional()
  .meta({ description: 'Value to use when nothing matches (then it does not count as failed).' });
export const GrpcExtractor = z
  .union([
    z.strictObject({ jsonPath: z.string().min(1), all: z.boolean().optional(), default: fallback }),
    z.strictObject({ metadata: z.string().min(1), default: fallback }),
    z.strictObject({ trailer: z.string().min(1), default: fallback }),
  ])
  .meta({ id: 'GrpcExtractor' });
export type GrpcExtractor = z.infer<typeof GrpcExtractor>;

export const GrpcTls = TlsOptions.extend({
  insecure: z
    .boolean()
    .optional()
    .meta({ description: 'Accept any server certificate (self-signed, wrong name); default false.' }),
}).meta({ description: 'TLS options; file paths are relative to the plan file.' });

export const GrpcCall = z
  .strictObject({
    name: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'Name in results and thresholds ({request:NAME}); default: the method as written.' }),
    target: Template.min(1).meta({
      description: 'host:port of the server (no scheme), e.g. 127.0.0.1:50051. May contain ${...}.',
    }),
    method: z
      .string()
      .regex(/^[A-Za-z_][\w.]*\/[A-Za-z_]\w*$/, { error: 'expected package.Service/Method, e.g. lookup.Lookup/Get' })
      .meta({ description: 'The full method name: package.Service/Method.' }),
    protos: z.array(z.string().min(1)).min(1).optional().meta({
      description:
        ".proto files describing the service, relative to the plan file. Without them the server's reflection service is asked.",
    }),
    importPaths: z.array(z.string().min(1)).optional().meta({
      description:
        "Where the protos' imports are looked up, relative to the plan file (default: the folder of the first proto).",
    }),
    message: z.unknown().optional().meta({
      description:
        'The request message as JSON (field names in lowerCamelCase or as in the proto); strings may contain ${...}. Unary and server-streaming calls.',
    }),
    messages: z.array(z.unknown()).optional().meta({
      description: 'Client-streaming and bidirectional calls: the messages sent, in order (default: message alone).',
    }),
    metadata: z
      .record(
        z.string().regex(/^[0-9a-z_.-]+$/, { error: 'metadata keys are lower case: letters, digits, _ . -' }),
        z.union([z.string(), z.number(), z.boolean()]),
      )
      .optional()
      .meta({ description: 'Request metadata: key -> value; values may contain ${...}.' }),
    timeout: Duration.optional().meta({
      description:
        'Deadline of the call (default: defaults.timeout, else 60s). A call past it ends with DEADLINE_EXCEEDED.',
    }),
    plaintext: z.boolean().optional().meta({ description: 'Connect without TLS (k6 plaintext); default false: TLS.' }),
    tls: GrpcTls.optional(),
    maxMessages: z.int().min(1).max(1_000_000).optional().meta({
      description: 'Streams: stop collecting (and cancel the call) after this many responses; default 10,000.',
    }),
    checks: z.array(GrpcCheck).optional(),
    extract: z.record(variableName, GrpcExtractor).optional(),
    tags: Tags.optional(),
    onFailure: OnFailure.optional().meta({
      description:
        'After a status other than OK, a failed check or a failed extraction: continue (default: defaults.onFailure), endIteration or stopVU, as for HTTP requests.',
    }),
  })
  .meta({
    id: 'GrpcCall',
    description: 'A gRPC call (unary or streaming, as the method is declared) and what to check and extract from it.',
  });
export type GrpcCall = z.infer<typeof GrpcCall>;

export const GrpcStep = z.strictObject({ grpc: GrpcCall });
