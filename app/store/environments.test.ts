import { describe, expect, it } from 'vitest';
import { aesGcmCipher } from './cipher.ts';
import { storeFixture } from './testing.ts';
import type { SecretCipher } from './types.ts';

const fx = storeFixture();

describe('environments', () => {
  it('stores plain values as text and secrets encrypted; never returns a secret in clear except from values()', async () => {
    const store = await fx.open();
    const env = store.environments.save({
      name: 'staging',
      variables: [
        { name: 'BASE_URL', value: 'https://staging.test' },
        { name: 'API_TOKEN', secret: true, value: 'tok-123-very-secret' },
        { name: 'EMPTY', secret: true },
      ],
    });
    expect(env.variables).toEqual([
      { name: 'BASE_URL', secret: false, value: 'https://staging.test', hasValue: true },
      { name: 'API_TOKEN', secret: true, value: null, hasValue: true },
      { name: 'EMPTY', secret: true, value: null, hasValue: false },
    ]);
    expect(store.environments.get(env.id)).toEqual(env);
    expect(store.environments.list()).toEqual([env]);
    const raw = fx
      .raw(store.file)
      .prepare("SELECT value, secret_value, cipher FROM environment_variables WHERE name = 'API_TOKEN'")
      .get() as { value: string | null; secret_value: Buffer; cipher: string };
    expect(raw.value).toBeNull();
    expect(raw.cipher).toBe('local-key');
    expect(Buffer.isBuffer(raw.secret_value)).toBe(true);
    expect(raw.secret_value.includes(Buffer.from('tok-123-very-secret'))).toBe(false);
    expect(raw.secret_value.includes(Buffer.from('very-secret'))).toBe(false);
    expect(store.environments.values(env.id)).toEqual({
      BASE_URL: 'https://staging.test',
      API_TOKEN: 'tok-123-very-secret',
    });
  });

  it('keeps a secret saved without value, deletes removed variables, and keeps variable order', async () => {
    const store = await fx.open();
    const env = store.environments.save({
      name: 'prod',
      variables: [
        { name: 'TOKEN', secret: true, value: 'keep-me' },
        { name: 'OLD', value: 'x' },
        { name: 'URL', value: 'u' },
      ],
    });
    const rawCipher = () =>
      fx
        .raw(store.file)
        .prepare("SELECT secret_value FROM environment_variables WHERE name = 'TOKEN'")
        .pluck()
        .get() as Buffer;
    const before = rawCipher();
    const saved = store.environments.save({
      id: env.id,
      name: 'production',
      variables: [{ name: 'URL' }, { name: 'TOKEN', secret: true }],
    });
    expect(saved).toMatchObject({ id: env.id, name: 'production' });
    expect(saved.variables.map((v) => [v.name, v.hasValue])).toEqual([
      ['URL', true],
      ['TOKEN', true],
    ]);
    expect(rawCipher().equals(before)).toBe(true); // the same ciphertext, not re-encrypted
    expect(store.environments.values(env.id)).toEqual({ URL: 'u', TOKEN: 'keep-me' });
    expect(
      fx.raw(store.file).prepare("SELECT count(*) FROM environment_variables WHERE name = 'OLD'").pluck().get(),
    ).toBe(0);
    store.environments.save({ id: env.id, name: 'production', variables: [{ name: 'TOKEN', value: 'new' }] });
    expect(store.environments.values(env.id)).toEqual({ TOKEN: 'new' }); // `secret` left out keeps the kind
    expect(store.environments.get(env.id)?.variables).toEqual([
      { name: 'TOKEN', secret: true, value: null, hasValue: true },
    ]);
  });

  it('encrypts a plain value turned secret; drops a secret turned plain without a new value', async () => {
    const store = await fx.open();
    const env = store.environments.save({
      name: 'e',
      variables: [
        { name: 'A', value: 'plain-a' },
        { name: 'B', secret: true, value: 'sec-b' },
      ],
    });
    store.environments.save({
      id: env.id,
      name: 'e',
      variables: [
        { name: 'A', secret: true },
        { name: 'B', secret: false },
      ],
    });
    expect(store.environments.get(env.id)?.variables).toEqual([
      { name: 'A', secret: true, value: null, hasValue: true },
      { name: 'B', secret: false, value: null, hasValue: false },
    ]);
    expect(store.environments.values(env.id)).toEqual({ A: 'plain-a' });
  });

  it('refuses repeated variable names and unknown ids without changing anything', async () => {
    const store = await fx.open();
    const env = store.environments.save({ name: 'e', variables: [{ name: 'A', value: '1' }] });
    expect(() =>
      store.environments.save({
        id: env.id,
        name: 'renamed',
        variables: [
          { name: 'X', value: '1' },
          { name: 'X', value: '2' },
        ],
      }),
    ).toThrow('variable X appears twice in the environment');
    expect(store.environments.get(env.id)).toEqual(env);
    expect(() => store.environments.save({ id: 'nope', name: 'n', variables: [] })).toThrow(
      'no environment with id nope',
    );
    expect(() => store.environments.values('nope')).toThrow('no environment with id nope');
    expect(store.environments.list()).toHaveLength(1);
  });

  it('deletes an environment with its variables', async () => {
    const store = await fx.open();
    const env = store.environments.save({ name: 'e', variables: [{ name: 'A', secret: true, value: 's' }] });
    expect(store.environments.delete(env.id)).toBe(true);
    expect(store.environments.delete(env.id)).toBe(false);
    expect(store.environments.get(env.id)).toBeUndefined();
    expect(fx.raw(store.file).prepare('SELECT count(*) FROM environment_variables').pluck().get()).toBe(0);
  });

  it('names environment and variable when a secret cannot be decrypted', async () => {
    const dataDir = await fx.dir();
    const store = await fx.open({ dataDir });
    const env = store.environments.save({ name: 'staging', variables: [{ name: 'TOKEN', secret: true, value: 's' }] });
    store.close();
    const other = await fx.open({ dataDir, cipher: aesGcmCipher(Buffer.alloc(32, 7)) });
    expect(() => other.environments.values(env.id)).toThrow(
      /^environment "staging", secret TOKEN: cannot decrypt a secret value/,
    );
    other.close();
    const safe: SecretCipher = { kind: 'safeStorage', encrypt: (t) => Buffer.from(t), decrypt: (b) => b.toString() };
    const third = await fx.open({ dataDir, cipher: safe });
    expect(() => third.environments.values(env.id)).toThrow(
      'environment "staging", secret TOKEN: it was encrypted with local-key, but this Loadsmith uses safeStorage; enter the value again',
    );
  });
});
