// The receipt's dates read as each language writes them: French's "1er", Italian without an article
// that would need an elision before the day ("fino all'11", "l'8").
import { describe, expect, it } from 'vitest';
import type { Language, ToolkitBinding } from '../../src/model';
import { longDateTime } from '../../src/model/long-date';
import { receiptMail, receiptTime } from '../../src/server/receipt-mail';
import { testBundle } from './helpers/bundle';

const bundle = testBundle();
const seo = bundle.toolkits.find((b) => b.route === 'seo') as ToolkitBinding;
const receipt = (language: Language, declaredAt: number, undoUntil: number) =>
  receiptMail({ provider: bundle.provider, binding: seo, to: 'a@example.com', name: 'Ada', reference: 'C-7K2M9Q4T', declaredAt, undoLink: 'http://cancel.test/u', undoUntil, language });

describe('the receipt’s moments', () => {
  it('are in UTC, said so, with French’s first of the month as "1er"', () => {
    expect(receiptTime(Date.UTC(2026, 0, 1, 10, 0), 'fr')).toBe('1er janvier 2026 à 10:00 UTC');
    expect(receiptTime(Date.UTC(2026, 11, 11, 12, 9), 'fr')).toBe('11 décembre 2026 à 12:09 UTC');
    expect(receiptTime(Date.UTC(2026, 0, 1, 10, 0), 'en')).toBe('January 1, 2026 at 10:00 AM UTC');
    expect(longDateTime(Date.UTC(2026, 2, 21, 8, 0), 'fr-CA', 'UTC')).not.toContain('1er');
  });

  it('name the zone they are told in: the receipt screen tells the reader’s own', () => {
    expect(longDateTime(Date.UTC(2026, 11, 11, 12, 9), 'de', 'Europe/Berlin')).toBe('11. Dezember 2026 um 13:09 MEZ');
    expect(longDateTime(Date.UTC(2026, 6, 1, 12, 9), 'de', 'Europe/Berlin')).toBe('1. Juli 2026 um 14:09 MESZ');
    expect(longDateTime(Date.UTC(2026, 0, 1, 10, 0), 'fr', 'America/Montreal')).toBe('1er janvier 2026 à 05:00 UTC−5');
  });

  it('name the zone right after the time, also where the date follows the time (Vietnamese)', () => {
    expect(receiptTime(Date.UTC(2026, 10, 25, 14, 3), 'vi')).toBe('lúc 14:03 UTC 25 tháng 11, 2026');
    expect(longDateTime(Date.UTC(2026, 10, 25, 14, 3), 'vi', 'Asia/Ho_Chi_Minh')).toBe('lúc 21:03 GMT+7 25 tháng 11, 2026');
    const { text, html } = receipt('vi', Date.UTC(2026, 10, 25, 14, 3), Date.UTC(2026, 11, 9, 14, 3));
    expect(text).toContain('vào lúc 14:03 UTC 25 tháng 11, 2026. Việc hủy đã có hiệu lực.');
    expect(text).toContain('cho đến lúc 14:03 UTC 9 tháng 12, 2026:');
    expect(html).not.toContain('2026 UTC');
    // Where the time comes last, the zone still ends the moment.
    expect(receiptTime(Date.UTC(2026, 10, 25, 14, 3), 'zh')).toBe('2026年11月25日 14:03 UTC');
    expect(receiptTime(Date.UTC(2026, 10, 25, 14, 3), 'en')).toBe('November 25, 2026 at 2:03 PM UTC');
  });

  it('need no elision in Italian: "fino al giorno 11", "in data 8"', () => {
    const { text } = receipt('it', Date.UTC(2026, 11, 8, 9, 30), Date.UTC(2026, 11, 11, 9, 30));
    expect(text).toContain('di Marketlane in data 8 dicembre 2026 alle ore 09:30 UTC. L’annullamento è ora effettivo.');
    expect(text).toContain('Puoi revocare l’annullamento fino al giorno 11 dicembre 2026 alle ore 09:30 UTC:');
    expect(text).not.toMatch(/ (al|il) (1|8|11) /);
  });

  it('in French: "le 1er janvier"', () => {
    expect(receipt('fr', Date.UTC(2026, 0, 1, 10, 0), Date.UTC(2026, 0, 15, 10, 0)).text).toContain('le 1er janvier 2026 à 10:00 UTC');
  });
});
