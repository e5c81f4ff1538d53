// RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits), computed here from the shared secret
// the way an authenticator app does, so tests can answer the user pool's TOTP steps. Written
// independently of the user pool's own implementation, against the RFC's test vectors.
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '').replace(/\s+/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** HOTP (RFC 4226) of a counter, with dynamic truncation to `digits` digits. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an authenticator app shows at `unixSeconds` for a base32 secret. */
export function totp(secretBase32: string, unixSeconds = Date.now() / 1000, digits = 6): string {
  return hotp(base32Decode(secretBase32), Math.floor(unixSeconds / 30), digits);
}
