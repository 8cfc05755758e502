// translateSurveyText with the catalogs the page loads (src/generated/locales/app): a survey text the
// app's catalog leaves out, because it reads as its English (scripts/i18n/app-catalogs.ts), is given
// as it stands, without Lingui's fallback and its console warning; the others are translated.
import { join } from 'node:path';
import { i18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translateSurveyText } from '../../../src/i18n';
import { testBundle } from '../../server/helpers/bundle';
import { surveyTexts } from '../../../scripts/i18n/survey-extractor';

async function activateAppCatalog(locale: string): Promise<Messages> {
  const { messages } = (await import(join(process.cwd(), `src/generated/locales/app/${locale}.ts`))) as { messages: Messages };
  i18n.loadAndActivate({ locale, messages });
  return messages;
}

afterEach(() => {
  vi.restoreAllMocks();
  i18n.setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('a survey text on the page', () => {
  it('reads in English as it is written, every one, though the English catalog holds none of the plain ones', async () => {
    const messages = await activateAppCatalog('en');
    // As in the production build: there Lingui has no message compiler, and warns of a text it falls back to.
    i18n.setMessagesCompiler(undefined as unknown as typeof compileMessage);
    const warn = vi.spyOn(console, 'warn');
    const plain = [...new Set(surveyTexts(testBundle()).map(({ text }) => text))].filter((text) => !text.includes('{'));
    expect(plain.length).toBeGreaterThan(50);
    for (const text of plain) {
      expect(messages[text], text).toBeUndefined();
      expect(translateSurveyText(text)).toBe(text);
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('renders an ICU text from the English catalog with its values', async () => {
    await activateAppCatalog('en');
    expect(translateSurveyText('Stay with us and save {percent}%', { percent: 30 })).toBe('Stay with us and save 30%');
  });

  it('is translated where the language has its own words', async () => {
    await activateAppCatalog('de');
    expect(translateSurveyText('Not sure yet')).toBe('Weiß ich noch nicht');
  });
});
