/** The designer's "Load": services, methods and input fields from protos (through the file source) or reflection. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../demo/lookup/grpc-server.ts';
import { localPlanFiles, PlanFileError, type PlanFileSource } from '../files/plan-files.ts';
import { describeGrpc, GrpcDescribeError } from './describe.ts';
import { lookupProtoDir } from './testing.ts';

let server: GrpcLookup;
let noReflection: GrpcLookup;
let dir: string;
beforeAll(async () => {
  server = await startGrpcLookup();
  noReflection = await startGrpcLookup({ reflection: false });
  dir = lookupProtoDir();
});
afterAll(async () => {
  await server.close();
  await noReflection.close();
});

const LOOKUP_METHODS = [
  ['Get', 'unary'],
  ['Watch', 'server-stream'],
  ['Collect', 'client-stream'],
  ['Chat', 'bidi'],
];

describe('describeGrpc', () => {
  it('lists the services of protos with imports, each method with its kind and input fields', async () => {
    const services = await describeGrpc(
      { target: '', protos: ['protos/lookup.proto'], importPaths: ['shared'] },
      localPlanFiles(dir),
    );
    expect(services.map((s) => s.name)).toEqual(['lookup.Lookup']);
    const methods = services[0]?.methods ?? [];
    expect(methods.map((m) => [m.name, m.rpcType])).toEqual(LOOKUP_METHODS);
    expect(methods[0]).toMatchObject({ input: 'lookup.LookupRequest', output: 'lookup.Record' });
    expect(methods[0]?.inputFields).toEqual([
      { name: 'phone', jsonName: 'phone', type: 'string', kind: 'scalar', repeated: false, map: false },
      { name: 'count', jsonName: 'count', type: 'int32', kind: 'scalar', repeated: false, map: false },
    ]);
  });

  it('reads protos only through the file source it is given', async () => {
    const asked: string[] = [];
    const refusing: PlanFileSource = {
      read(path) {
        asked.push(path);
        return Promise.reject(new PlanFileError(`proto file ${path} is not attached`));
      },
    };
    await expect(describeGrpc({ target: '', protos: ['protos/lookup.proto'] }, refusing)).rejects.toThrow(
      new GrpcDescribeError('proto file protos/lookup.proto is not attached'),
    );
    expect(asked).toEqual(['protos/lookup.proto']);
  });

  it('asks the server by reflection when there are no protos, ${env.X} in the target rendered', async () => {
    const services = await describeGrpc({ target: '127.0.0.1:${env.PORT}', plaintext: true }, localPlanFiles(dir), {
      PORT: String(server.port),
    });
    expect(services.map((s) => s.name)).toEqual(['lookup.Lookup']);
    expect(services[0]?.methods.map((m) => [m.name, m.rpcType])).toEqual(LOOKUP_METHODS);
    expect(services[0]?.methods[0]?.inputFields.map((f) => f.name)).toEqual(['phone', 'count']);
  });

  it('says what to do when the server offers no reflection or nothing answers', async () => {
    await expect(
      describeGrpc({ target: `127.0.0.1:${noReflection.port}`, plaintext: true }, localPlanFiles(dir)),
    ).rejects.toThrow(/does not offer reflection.*give the step its protos/);
    await expect(describeGrpc({ target: '127.0.0.1:1', plaintext: true }, localPlanFiles(dir))).rejects.toThrow(
      /no gRPC server answered at 127\.0\.0\.1:1.*check the address and plaintext\/TLS/,
    );
  });
});
