/**
 * Secret values at rest without Electron's safeStorage: AES-256-GCM with a random 32-byte key kept in
 * `<dataDir>/secret.key` (mode 0600). Layout of a value: version byte 1, 12-byte IV, 16-byte tag, ciphertext.
 * Anyone who can read the key file can read the secrets: this protects the database file (backups, sharing it),
 * not against the user's own account.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SecretCipher } from './types.ts';

const FORMAT = 1;
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER = 1 + IV_BYTES + TAG_BYTES;

/** The key file's name inside the data directory. */
export const SECRET_KEY_FILE = 'secret.key';

/**
 * AES-256-GCM with a given key. `iv` exists only for reproducible test fixtures: the default (a random IV per
 * value) is the only safe choice with a real key. `label` names the key in error messages.
 */
export function aesGcmCipher(
  key: Buffer | ((forEncrypt: boolean) => Buffer),
  options: { iv?: () => Buffer; label?: string } = {},
): SecretCipher {
  const getKey = typeof key === 'function' ? key : () => key;
  const nextIv = options.iv ?? (() => randomBytes(IV_BYTES));
  const label = options.label ?? 'the secret key';
  return {
    kind: 'local-key',
    encrypt(text) {
      const iv = nextIv();
      if (iv.length !== IV_BYTES) throw new RangeError(`an AES-GCM IV has ${IV_BYTES} bytes, got ${iv.length}`);
      const c = createCipheriv('aes-256-gcm', getKey(true), iv);
      const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
      return Buffer.concat([Buffer.from([FORMAT]), iv, c.getAuthTag(), body]);
    },
    decrypt(data) {
      if (data.length < HEADER || data[0] !== FORMAT) {
        throw new Error(`cannot decrypt a secret value: not a Loadsmith local-key ciphertext (${data.length} bytes)`);
      }
      const k = getKey(false);
      try {
        const d = createDecipheriv('aes-256-gcm', k, data.subarray(1, 1 + IV_BYTES));
        d.setAuthTag(data.subarray(1 + IV_BYTES, HEADER));
        return Buffer.concat([d.update(data.subarray(HEADER)), d.final()]).toString('utf8');
      } catch (e) {
        throw new Error(
          `cannot decrypt a secret value: it was encrypted with another key than ${label}, or it is corrupt`,
          { cause: e },
        );
      }
    },
  };
}

/**
 * The local-key cipher of a data directory. The key file is read on first use, and created (random, mode 0600)
 * by the first encryption, so a store that never holds a secret writes no key.
 */
export function localKeyCipher(dataDir: string): SecretCipher {
  const file = path.join(path.resolve(dataDir), SECRET_KEY_FILE);
  let key: Buffer | undefined;
  const load = (forEncrypt: boolean): Buffer => {
    key ??= readKey(file, forEncrypt);
    return key;
  };
  return aesGcmCipher(load, { label: file });
}

/** Reads the key file; creates it only for encrypting (a missing key cannot decrypt anything). */
function readKey(file: string, create: boolean): Buffer {
  let key: Buffer;
  try {
    key = readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    if (!create)
      throw new Error(
        `cannot decrypt a secret value: the key file ${file} is missing (enter the secret values again)`,
        { cause: e },
      );
    try {
      writeFileSync(file, randomBytes(KEY_BYTES), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process created it between our read and write: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    key = readFileSync(file);
  }
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `${file} is not a Loadsmith secret key (${key.length} bytes, expected ${KEY_BYTES}); restore it from a backup, or move it away to start over (stored secrets are then lost)`,
    );
  }
  return key;
}
