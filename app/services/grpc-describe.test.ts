/**
 * designer.grpcDescribe through the dispatcher (results checked against the contract): an attached proto and one in
 * a granted folder are read, any other path is refused with what to do; reflection reaches the step's target, its
 * `${env.X}` from the chosen environment.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../engine/demo/lookup/grpc-server.ts';
import { LOOKUP_PROTO } from '../../engine/demo/lookup/lookup-proto.ts';
import { openTestServices, type TestServices } from './testing.ts';

let t: TestServices;
let server: GrpcLookup;
beforeAll(async () => {
  server = await startGrpcLookup();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  t = await openTestServices('grpc-describe');
});
afterEach(async () => {
  await t.close();
});

const methodsOf = (r: { services: { name: string; methods: { name: string }[] }[] }) =>
  r.services.map((s) => `${s.name}: ${s.methods.map((m) => m.name).join(' ')}`);

describe('designer.grpcDescribe', () => {
  it('reads an attached proto and one in a granted folder, and refuses any other path', async () => {
    const up = await t.call('files.upload', {
      name: 'lookup.proto',
      contentBase64: Buffer.from(LOOKUP_PROTO).toString('base64'),
      kind: 'body',
    });
    const attached = await t.call('designer.grpcDescribe', { source: { target: 'x:1', protos: [up.path] } });
    expect(methodsOf(attached)).toEqual(['lookup.Lookup: Get Watch Collect Chat']);

    const folder = await mkdtemp(join(tmpdir(), 'loadsmith-grpc-grant-'));
    const granted = join(folder, 'lookup.proto');
    await writeFile(granted, LOOKUP_PROTO);
    const refused = await t.fail('designer.grpcDescribe', { source: { target: 'x:1', protos: [granted] } });
    expect(refused).toMatchObject({ code: 'invalid_params' });
    expect(refused.message).toMatch(/not in a folder you granted.*grant its folder/);
    await t.call('settings.set', { patch: { grantedFolders: [folder] } });
    const fromFolder = await t.call('designer.grpcDescribe', { source: { target: 'x:1', protos: [granted] } });
    expect(methodsOf(fromFolder)).toEqual(['lookup.Lookup: Get Watch Collect Chat']);

    const relative = await t.fail('designer.grpcDescribe', { source: { target: 'x:1', protos: ['lookup.proto'] } });
    expect(relative.message).toMatch(/not a file attached in the app: attach it/);
  });

  it('asks the target by reflection, reading ${env.X} from the environment', async () => {
    const env = await t.call('environments.save', {
      name: 'local',
      variables: [{ name: 'GRPC_TARGET', value: `127.0.0.1:${server.port}` }],
    });
    const r = await t.call('designer.grpcDescribe', {
      source: { target: '${env.GRPC_TARGET}', plaintext: true },
      environmentId: env.id,
    });
    expect(methodsOf(r)).toEqual(['lookup.Lookup: Get Watch Collect Chat']);
    expect(r.services[0]?.methods[1]).toMatchObject({ rpcType: 'server-stream', input: 'lookup.LookupRequest' });
  });
});
