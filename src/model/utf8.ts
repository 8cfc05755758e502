// Where bytes stop being UTF-8: what the survey files and the API's request bodies are refused at.

/** The offset of the first byte that does not start a well-formed UTF-8 sequence (Unicode's table 3-7). */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at] ?? 0;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    // How many continuation bytes follow the lead, and the range of the first (the rest are 0x80–0xBF).
    const [count, low, high] =
      lead >= 0xc2 && lead <= 0xdf ? [1, 0x80, 0xbf]
      : lead === 0xe0 ? [2, 0xa0, 0xbf]
      : lead === 0xed ? [2, 0x80, 0x9f]
      : lead >= 0xe1 && lead <= 0xef ? [2, 0x80, 0xbf]
      : lead === 0xf0 ? [3, 0x90, 0xbf]
      : lead >= 0xf1 && lead <= 0xf3 ? [3, 0x80, 0xbf]
      : lead === 0xf4 ? [3, 0x80, 0x8f]
      : [0, 0, 0];
    if (count === 0) return at;
    for (let next = 1; next <= count; next += 1) {
      const byte = bytes[at + next];
      if (byte === undefined || byte < (next === 1 ? low : 0x80) || byte > (next === 1 ? high : 0xbf)) return at;
    }
    at += count + 1;
  }
  return 0;
}

/** Where bytes stop being UTF-8: the first bad byte's offset, and the byte in hexadecimal ("EB"). */
export interface InvalidUtf8 {
  offset: number;
  byte: string;
}

/**
 * The text of `bytes` read as UTF-8, or where they stop being UTF-8: never a U+FFFD in place of a byte
 * of another encoding. `keepBom` keeps a leading byte order mark in the text.
 */
export function strictUtf8(bytes: Uint8Array, keepBom = false): string | InvalidUtf8 {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: keepBom }).decode(bytes);
  } catch {
    const offset = firstInvalidUtf8(bytes);
    return { offset, byte: (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0') };
  }
}
