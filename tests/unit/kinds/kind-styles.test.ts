// The look of a kind of step lives in its renderer module and reaches the app's one stylesheet.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kindStyles, kindStylesSource } from '../../../scripts/kinds/kind-styles';
import { schemaStepTypes } from '../../../scripts/kinds/kind-tables';

const ROOT = process.cwd();

describe("the kinds' stylesheet", () => {
  it("gathers each kind's rules under its name, from the module's text", () => {
    const css = kindStylesSource(ROOT, schemaStepTypes(ROOT));
    expect(css).toContain('/* rating (src/renderer/kinds/rating.tsx) */');
    expect(css).toContain('.rating__input:checked + .rating__label');
    expect(css).toContain('/* multi (src/renderer/kinds/multi.tsx) */');
    // A kind with no look of its own adds nothing.
    expect(css).not.toContain('/* choice');
  });

  it('is what the app imports, and the shared stylesheet keeps no kind of its own', () => {
    expect(readFileSync('src/app/main.ts', 'utf8')).toContain("import '../generated/kinds.css';");
    expect(readFileSync('src/renderer/forms.css', 'utf8')).not.toContain('.rating');
  });

  it('refuses styles it cannot read from the text', () => {
    expect(kindStyles('export const styles = /* css */ `.a { color: red; }`;', 'a.tsx')).toBe('.a { color: red; }');
    expect(kindStyles('export const other = 1;', 'b.tsx')).toBeUndefined();
    expect(() => kindStyles('export const styles = /* css */ `.a { width: ${w}px; }`;', 'c.tsx')).toThrow(/takes? no/);
    expect(() => kindStyles("export const styles = '.a {}';", 'd.tsx')).toThrow(/export const styles = \/\* css \*\//);
  });
});
