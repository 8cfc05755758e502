import { describe, expect, it } from 'vitest';
import { translatedIds } from '../../../scripts/survey-tools';

describe('translatedIds (the PO catalogs)', () => {
  it('keeps msgids with a non-empty msgstr, joining continued lines and undoing escapes', () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Language: fr\\n"',
      '',
      '#: src/app/pages/MainPage.tsx',
      'msgid "Cancel everything"',
      'msgstr "Tout annuler"',
      '',
      'msgid "Not translated yet"',
      'msgstr ""',
      '',
      'msgid ""',
      '"A long text "',
      '"on two lines"',
      'msgstr ""',
      '"Un long texte"',
      '',
      'msgid "Say \\"hi\\""',
      'msgstr "Dites \\"salut\\""',
      'msgctxt "button"',
      'msgid "Back"',
      'msgstr "Retour"',
      '',
      '#~ msgid "Obsolete"',
      '#~ msgstr "Obsolète"',
      '',
      'msgid "{count} file"',
      'msgid_plural "{count} files"',
      'msgstr[0] ""',
      'msgstr[1] "{count} fichiers"',
    ].join('\n');
    expect([...translatedIds(po)]).toEqual(['Cancel everything', 'A long text on two lines', 'Say "hi"', '{count} file']);
  });
});
