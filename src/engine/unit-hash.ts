// A deterministic 32-bit hash of a text, the same on the page, the server and in an analysis script:
// FNV-1a over the text's UTF-8 bytes, finished with MurmurHash3's fmix32. FNV-1a alone spreads texts
// that differ in their last characters (user ids 100001, 100002, …) poorly over the high bits, which
// are the ones a share of [0, 1) depends on; the finaliser mixes every bit into every other.

const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a (32-bit) of the UTF-8 bytes of `text`, finished with fmix32; an unsigned 32-bit integer. */
export function hash32(text: string): number {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** `hash32(text)` as a number in [0, 1). */
export function unitHash(text: string): number {
  return hash32(text) / 2 ** 32;
}
