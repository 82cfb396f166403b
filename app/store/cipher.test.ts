import { randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aesGcmCipher, localKeyCipher } from './cipher.ts';
import { storeFixture } from './testing.ts';

const fx = storeFixture();

describe('localKeyCipher', () => {
  it('creates a 32-byte key file with mode 0600 on first encryption and round-trips values', async () => {
    const dir = await fx.dir();
    const cipher = localKeyCipher(dir);
    expect(cipher.kind).toBe('local-key');
    const a = cipher.encrypt('p@ss wörd');
    const key = path.join(dir, 'secret.key');
    expect((await readFile(key)).length).toBe(32);
    if (process.platform !== 'win32') expect((await stat(key)).mode & 0o777).toBe(0o600);
    expect(cipher.decrypt(a)).toBe('p@ss wörd');
    expect(localKeyCipher(dir).decrypt(a)).toBe('p@ss wörd'); // the key is reused, not regenerated
    expect(cipher.decrypt(cipher.encrypt(''))).toBe('');
  });

  it('uses a random IV per value and never contains the clear text', async () => {
    const cipher = localKeyCipher(await fx.dir());
    const a = cipher.encrypt('same secret');
    const b = cipher.encrypt('same secret');
    expect(a.equals(b)).toBe(false);
    expect(a.includes(Buffer.from('same secret'))).toBe(false);
  });

  it('fails clearly on a wrong key, a tampered value, a missing key file and a bad key file', async () => {
    const dir = await fx.dir();
    const data = localKeyCipher(dir).encrypt('token');
    const empty = await fx.dir();
    expect(() => localKeyCipher(empty).decrypt(data)).toThrow(/key file .*secret\.key is missing/);
    expect(() => aesGcmCipher(randomBytes(32)).decrypt(data)).toThrow(
      'cannot decrypt a secret value: it was encrypted with another key than the secret key, or it is corrupt',
    );
    const tampered = Buffer.from(data);
    tampered[tampered.length - 1] = (tampered.at(-1) ?? 0) ^ 1;
    expect(() => localKeyCipher(dir).decrypt(tampered)).toThrow(
      /encrypted with another key than .*secret\.key, or it is corrupt/,
    );
    expect(() => localKeyCipher(dir).decrypt(Buffer.from('short'))).toThrow(/not a Loadsmith local-key ciphertext/);
    const bad = await fx.dir();
    await writeFile(path.join(bad, 'secret.key'), 'too short');
    expect(() => localKeyCipher(bad).encrypt('x')).toThrow(
      /secret\.key is not a Loadsmith secret key \(9 bytes, expected 32\)/,
    );
  });
});
