/** Secrets at rest: Electron's safeStorage (OS keychain / libsecret / DPAPI) when the platform offers it. */
import { safeStorage } from 'electron';
import type { SecretCipher } from '../store/types.ts';

export function safeStorageCipher(): SecretCipher | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined;
  return {
    kind: 'safeStorage',
    encrypt: (text) => safeStorage.encryptString(text),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}
