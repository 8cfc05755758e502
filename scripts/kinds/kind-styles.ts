// The look of the kinds of step that need one of their own: each renderer kind may export its rules as
// `export const styles = /* css */ `…`;`, and they are gathered into one stylesheet the app imports
// (src/generated/kinds.css). The page's Content-Security-Policy allows no inline style, so the rules
// must reach a stylesheet before the page loads; the build reads them from the module's text.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the renderer's kinds are, and the stylesheet their rules are gathered into. */
export const RENDERER_KINDS = 'src/renderer/kinds';
export const STYLES_FILE = 'src/generated/kinds.css';

const STYLES = /^export const styles = \/\* css \*\/ `([^`]*)`;$/m;

/** The rules a renderer kind's module exports as `styles`; none where it has no look of its own. */
export function kindStyles(source: string, file: string): string | undefined {
  const match = STYLES.exec(source);
  if (!match) {
    if (/\bexport const styles\b/.test(source)) throw new Error(`${file}: write its styles as export const styles = /* css */ \`…\`; on lines of their own`);
    return undefined;
  }
  const rules = match[1] ?? '';
  // The text is read, never run: a value put in at run time would not reach the stylesheet.
  if (rules.includes('${')) throw new Error(`${file}: its styles take no \${…}: the stylesheet is read from the text`);
  return rules.trim();
}

/** The stylesheet of `kinds`, each kind's rules under its name, in the schema's order. */
export function kindStylesSource(root: string, kinds: readonly string[]): string {
  const parts = ['/* Written by scripts/kinds/write-kinds.ts from the `styles` of src/renderer/kinds/; do not edit, not committed. */'];
  for (const kind of kinds) {
    const file = [`${kind}.tsx`, `${kind}.ts`].map((name) => join(RENDERER_KINDS, name)).find((name) => existsSync(join(root, name)));
    if (!file) continue;
    const rules = kindStyles(readFileSync(join(root, file), 'utf8'), file);
    if (rules) parts.push(`/* ${kind} (${file}) */\n${rules}`);
  }
  return `${parts.join('\n\n')}\n`;
}
