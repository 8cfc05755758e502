import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh secret of 256 random bits, URL-safe (used for session ids, CSRF tokens and confirmation keys). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of a bearer secret, so a leaked file grants nothing. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Compares two secrets in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
