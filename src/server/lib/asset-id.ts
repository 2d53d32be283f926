import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject } from 'node:crypto';
import { pooledRandomBytes } from '../../platform/random-pool';

// Node turns a Buffer key into a KeyObject on every cipher (~15 µs of the ~21 µs a seal costs),
// and every card a response presents is sealed: each key is turned once.
const keyObjects = new WeakMap<Buffer, KeyObject>();
function keyObjectOf(key: Buffer): KeyObject {
  let keyObject = keyObjects.get(key);
  if (!keyObject) keyObjects.set(key, (keyObject = createSecretKey(key)));
  return keyObject;
}

/**
 * The `assets.qr.id` / `assets.barcode.id` of a card: its project and code sealed with AES-256-GCM,
 * so the public image URL reveals nothing and cannot be forged for another code.
 */
export function sealAssetId(key: Buffer, projectId: string, code: string): string {
  const iv = pooledRandomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyObjectOf(key), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify([projectId, code]), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The project and code inside an asset id, or undefined when it was not sealed with `key`. */
export function openAssetId(key: Buffer, id: string): { projectId: string; code: string } | undefined {
  try {
    const raw = Buffer.from(id, 'base64url');
    if (raw.length < 29) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', keyObjectOf(key), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const [projectId, code] = JSON.parse(text) as [string, string];
    return typeof projectId === 'string' && typeof code === 'string' ? { projectId, code } : undefined;
  } catch {
    return undefined;
  }
}
