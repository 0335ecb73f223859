import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ivBytes = 12;
const tagBytes = 16;

/** What the outbox keeps encrypted: the bodies, and the values the template was filled with. */
export interface SealedOutboxBody {
  text: string;
  html: string;
  /** Named values of the message (a sign-in code, a link) for the dev mailbox and browser tests. */
  data: Record<string, string>;
  /** Extra header lines of the message (campaign mail's List-Unsubscribe); absent on older rows. */
  headers?: Record<string, string>;
}

/** AES-256-GCM over a body's JSON, bound to its recipient, so a dump shows no code and a body cannot move rows. Layout: iv(12) | tag(16) | ciphertext. */
export function sealOutboxBody(key: Buffer, recipient: string, body: SealedOutboxBody): Buffer {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(recipient, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
}

/** Decrypt a sealed body; throws when the key, the recipient or the bytes do not match. */
export function openOutboxBody(key: Buffer, recipient: string, sealed: Uint8Array): SealedOutboxBody {
  const bytes = Buffer.from(sealed);
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes));
  decipher.setAAD(Buffer.from(recipient, 'utf8'));
  decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
  const plaintext = Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]);
  return JSON.parse(plaintext.toString('utf8')) as SealedOutboxBody;
}
