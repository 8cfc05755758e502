// Signing in through the reference server's development route (DESIGN §7).
import type { Page } from '@playwright/test';
import { markSignedInAgain, settleApiCalls } from './api-calls';

export type PersonaId =
  | 'paid-monthly'
  | 'paid-annual'
  | 'trial'
  | 'no-subscription'
  | 'seo-only'
  | 'sst-admin'
  | 'sst-member'
  | 'paid-de'
  | 'paid-fr'
  | 'paid-us'
  | 'paid-gb';

/** The personas' email addresses (src/server/personas.ts). */
export const PERSONA_EMAILS: Record<PersonaId, string> = {
  'paid-monthly': 'mia.monthly@example.com',
  'paid-annual': 'anton.annual@example.com',
  trial: 'tara.trial@example.com',
  'no-subscription': 'noah.nosub@example.com',
  'seo-only': 'sam.seo@example.com',
  'sst-admin': 'ada.admin@example.com',
  'sst-member': 'max.member@example.com',
  'paid-de': 'dana.de@example.com',
  'paid-fr': 'felix.fr@example.com',
  'paid-us': 'uma.us@example.com',
  'paid-gb': 'gil.gb@example.com',
};

/** The personas' user ids as the server stores them (src/server/personas.ts). */
export const PERSONA_USER_IDS: Record<PersonaId, string> = {
  'paid-monthly': '1001',
  'paid-annual': '1002',
  trial: '1003',
  'no-subscription': '1004',
  'seo-only': '1005',
  'sst-admin': '1006',
  'sst-member': '1007',
  'paid-de': '1008',
  'paid-fr': '1009',
  'paid-us': '1010',
  'paid-gb': '1011',
};

/**
 * The user ids of every account made from the persona whose own id is `userId` (each sign-in makes a
 * fresh account of its persona, the first one with the persona's own id), as SQL over the server's
 * tables: `user_id IN (${ACCOUNTS_OF_PERSONA})` with the persona's id as the named parameter `persona`.
 */
export const ACCOUNTS_OF_PERSONA =
  'SELECT CAST(user_id AS TEXT) FROM accounts WHERE persona_id = (SELECT persona_id FROM accounts WHERE user_id = CAST(@persona AS INTEGER)) UNION SELECT @persona';

/** The personas' product groups (src/server/personas.ts): which smaller plans a downgrade offers them. */
export const PERSONA_PRODUCT_GROUPS: Record<PersonaId, string> = {
  'paid-monthly': 'BUSINESS',
  'paid-annual': 'GURU',
  trial: 'PRO',
  'no-subscription': '',
  'seo-only': 'PRO',
  'sst-admin': 'BUSINESS',
  'sst-member': 'BUSINESS',
  'paid-de': 'BUSINESS',
  'paid-fr': 'BUSINESS',
  'paid-us': 'BUSINESS',
  'paid-gb': 'BUSINESS',
};

/**
 * Signs the page's browser context in as `persona` and opens `next`. A sign-in ends the previous
 * session, so the calls the page had under way finish first: one still under way (the offer's
 * eligibility, say) would otherwise meet the 401 of its ended session, a console error. (Leaving
 * for about:blank first did that too, but cost a new renderer process, about 0.25 s a sign-in.)
 */
export async function signIn(page: Page, persona: PersonaId, next = '/cancel', lang?: string): Promise<void> {
  const query = new URLSearchParams({ persona, next, ...(lang ? { lang } : {}) });
  await beforeSignIn(page);
  await page.goto(`/dev/sign-in?${query.toString()}`);
}

/** What a sign-in waits for first (see signIn), and notes that the page's customer changes. */
export async function beforeSignIn(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) return;
  await settleApiCalls(page);
  markSignedInAgain(page);
}
