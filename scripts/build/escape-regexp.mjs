// Text as a regular expression that matches it literally, for the build plugins' esbuild filters.

/** @param {string} text */
export const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
