import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** An opaque random token for cookies and emailed links: 256 bits, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A random numeric code of `digits` digits (uniform, leading zeros kept). */
export function randomDigits(digits: number): string {
  let code = '';
  for (let i = 0; i < digits; i += 1) code += String(randomInt(0, 10));
  return code;
}

/**
 * How tokens and codes are stored: SHA-256. Tokens are 256-bit random, so a fast hash is enough
 * (nothing to brute-force); codes are short but live 10 minutes and allow 5 tries.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Encrypts small secrets at rest (authenticator secrets) with AES-256-GCM: "v1.<iv>.<tag>.<data>". */
export function encrypt(plaintext: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

export function decrypt(ciphertext: string, key: Buffer): string {
  const [version, iv, tag, data] = ciphertext.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
