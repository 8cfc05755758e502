import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { surveyTexts } from '../../../scripts/i18n/survey-extractor';
import { compiledBundle } from '../engine/compiled';

/** The msgids of a .po catalog (single-line entries, as Lingui writes them). */
function msgids(po: string): Set<string> {
  return new Set([...po.matchAll(/^msgid "(.*)"$/gm)].map((m) => JSON.parse(`"${m[1]}"`) as string).filter((id) => id !== ''));
}

describe('the English catalog', () => {
  const catalog = msgids(readFileSync('locales/en/messages.po', 'utf8'));

  it('holds every survey text of the compiled bundle (run node scripts/i18n/extract.mjs after a survey change)', () => {
    const missing = surveyTexts(compiledBundle())
      .map((t) => t.text)
      .filter((text) => !catalog.has(text));
    expect(missing).toEqual([]);
  });

  it('holds the spec’s wording of the fixed texts', () => {
    for (const text of [
      'Something went wrong. If the problem persists, please contact us at <0>{email}</0>.',
      'We will send you a confirmation email shortly. In rare cases, the process may take up to 3 business days.',
      'If you have any questions or want to unsubscribe from extra tools, feel free to contact our Support Team.',
      'Please enter your comment within {count} characters.',
    ]) {
      expect(catalog).toContain(text);
    }
  });
});
