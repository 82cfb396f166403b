/**
 * designer.grpcDescribe: the services and methods a gRPC step can call, from its .proto files (read only as a run
 * reads them: attached files or granted folders) or from its server's reflection (only the target written).
 */
import { GrpcCall } from 'loadsmith/plan';
import { z } from 'zod';
import { Id } from './common.ts';

/** One field of a method's input message; a message field holds its own fields (a few levels deep). */
export interface GrpcField {
  name: string;
  jsonName: string;
  type: string;
  kind: 'scalar' | 'enum' | 'message';
  repeated: boolean;
  map: boolean;
  values?: string[] | undefined;
  fields?: GrpcField[] | undefined;
}
export const GrpcField: z.ZodType<GrpcField> = z.lazy(() =>
  z.object({
    name: z.string(),
    jsonName: z.string(),
    type: z.string(),
    kind: z.enum(['scalar', 'enum', 'message']),
    repeated: z.boolean(),
    map: z.boolean(),
    values: z.array(z.string()).optional(),
    fields: z.array(GrpcField).optional(),
  }),
);

export const RPC_TYPES = ['unary', 'server-stream', 'client-stream', 'bidi'] as const;

export const GrpcService = z.object({
  /** `package.Service`. */
  name: z.string(),
  methods: z.array(
    z.object({
      name: z.string(),
      rpcType: z.enum(RPC_TYPES),
      input: z.string(),
      output: z.string(),
      inputFields: z.array(GrpcField),
    }),
  ),
});
export type GrpcService = z.infer<typeof GrpcService>;

export const grpcMethods = {
  /**
   * Lists the services of a gRPC step's protos (when it has some), else those its target offers by reflection;
   * `${env.X}` in the target read from the environment. Fails with `invalid_params` and what to do.
   */
  'designer.grpcDescribe': {
    params: z.strictObject({
      source: GrpcCall.pick({ target: true, plaintext: true, tls: true, protos: true, importPaths: true }),
      environmentId: Id.optional(),
    }),
    result: z.object({ services: z.array(GrpcService) }),
  },
} as const;
