// Types of pseudo.mjs (plain JavaScript so the build runs it without a TypeScript loader).
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

/** One compiled message, bracketed and padded. */
export function pseudoMessage(tokens: string | CompiledMessage): CompiledMessage;
/** Rewrites the compiled pseudo-locale module Lingui wrote. */
export function pseudoModule(source: string): string;
