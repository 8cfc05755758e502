// A kind's own validation messages live with the kind: their English texts in its engine module, their
// translations declared in its renderer module, and the two say the same.
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ENGINE_KINDS } from '../../../src/engine';
import type { MessageKey } from '../../../src/model';
import { englishMessage } from '../../../src/renderer/error-mapping';
import { STEP_RENDERERS } from '../../../src/renderer/kinds/renderers';
import { formatMessage, type KindMessageDescriptors } from '../../../src/renderer/messages';

describe("a kind's own messages", () => {
  it('are the same English texts in its engine and its renderer modules', () => {
    let seen = 0;
    for (const [type, renderer] of Object.entries(STEP_RENDERERS)) {
      const english = ENGINE_KINDS[type as keyof typeof ENGINE_KINDS].messages ?? {};
      const translated: KindMessageDescriptors = 'messages' in renderer ? (renderer.messages ?? {}) : {};
      expect(Object.keys(translated).sort(), type).toEqual(Object.keys(english).sort());
      for (const [key, descriptor] of Object.entries(translated)) {
        expect(descriptor?.message, `${type} ${key}`).toBe(english[key as MessageKey]);
        seen += 1;
      }
    }
    // The multi step's 'at least' and 'at most'.
    expect(seen).toBe(2);
  });

  it("are rendered with the step's kind, in English where no catalog is loaded", () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    const own = 'messages' in STEP_RENDERERS.multi ? STEP_RENDERERS.multi.messages : {};
    expect(formatMessage(i18n, { key: 'chooseAtLeast', count: 2 }, own)).toBe('Please choose at least 2 options.');
    expect(formatMessage(i18n, { key: 'chooseAtMost', count: 1 }, own)).toBe('Please choose at most 1 option.');
    expect(englishMessage({ key: 'chooseAtMost', count: 3 })).toContain('Please choose at most');
  });
});
