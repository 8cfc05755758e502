import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PERSONAS } from '../../src/server/personas';
import { mailbox, startHarness, type Harness } from './helpers/harness';

const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt', 'sv', 'tr', 'vi', 'zh'];
// DESIGN §7, and the personas §9 adds for the cancellation policies.
const PERSONA_IDS = ['paid-monthly', 'paid-annual', 'trial', 'no-subscription', 'seo-only', 'sst-admin', 'sst-member', 'paid-de', 'paid-fr', 'paid-us', 'paid-gb'];

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.stop();
});

const get = (url: string, cookie?: string) => harness.get(url, cookie);

describe('GET /dev/', () => {
  it('links every persona in every language, the mailbox and the product-manager pages', async () => {
    const response = await get('/dev/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    for (const persona of PERSONA_IDS) {
      for (const lang of LANGUAGES) {
        expect(response.body).toContain(`href="/dev/sign-in?persona=${persona}&amp;lang=${lang}"`);
      }
    }
    expect(response.body.match(/href="\/dev\/sign-in\?/g)).toHaveLength(PERSONA_IDS.length * LANGUAGES.length);
    expect(response.body).toContain('href="/dev/mailbox"');
    expect(response.body).toContain('href="/dev/survey"');
    expect(response.body).toContain('href="/dev/insights"');
    expect(response.body).not.toMatch(/<script|<style|style=/);
  });

  it('as provider.yaml’s sign-in page, returns each sign-in to the page in `next`, and never to another site', async () => {
    const response = await get(`/dev/?next=${encodeURIComponent('/cancel/seo?from=email')}`);
    expect(response.body).toContain(`href="/dev/sign-in?persona=paid-monthly&amp;lang=de&amp;next=${encodeURIComponent('/cancel/seo?from=email')}"`);
    expect(response.body.match(/&amp;next=/g)).toHaveLength(PERSONA_IDS.length * LANGUAGES.length);
    expect(response.body).toContain('you land on <code>/cancel/seo?from=email</code>');
    const elsewhere = await get(`/dev/?next=${encodeURIComponent('https://evil.example/')}`);
    expect(elsewhere.body).toContain(`href="/dev/sign-in?persona=paid-monthly&amp;lang=de&amp;next=%2Fcancel"`);
    expect(elsewhere.body).not.toContain('evil');
  });
});

describe('GET /dev/sign-in', () => {
  it('sets a signed HttpOnly SameSite=Lax cookie and redirects to next', async () => {
    const response = await get('/dev/sign-in?persona=trial&lang=fr&next=/cancel/seo%3Fstep%3D2');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/cancel/seo?step=2');
    const cookie = response.cookies.find((c) => c.name === 'cancel_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9+/_-]+=*$/);
    const context = await get('/cancel/api/get-context/', cookie?.value);
    expect(context.json()).toMatchObject({ user: { user_id: 1003, is_paid: false } });
    expect((await get('/cancel/seo', cookie?.value)).body).toContain('<html lang="fr"');
  });

  it('defaults to /cancel and English', async () => {
    const response = await get('/dev/sign-in?persona=paid-monthly');
    expect(response.headers.location).toBe('/cancel');
    const cookie = response.cookies.find((c) => c.name === 'cancel_session');
    expect((await get('/cancel', cookie?.value)).body).toContain('<html lang="en"');
  });

  const refused = [
    'https://evil.example/cancel',
    '//evil.example/cancel',
    '/\\evil.example',
    '/dev/mailbox',
    '/cancelled',
    '/cancel/../dev/',
    '/cancel/%2e%2e/dev/',
    'cancel/seo',
    '/%09/evil.example',
  ];
  for (const next of refused) {
    it(`never redirects to ${next}`, async () => {
      const response = await get(`/dev/sign-in?persona=paid-monthly&next=${encodeURIComponent(next)}`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/cancel');
    });
  }

  it('a new sign-in replaces the old session', async () => {
    const first = (await get('/dev/sign-in?persona=paid-monthly')).cookies[0]?.value ?? '';
    const second = (
      await harness.inject({
        method: 'GET',
        url: '/dev/sign-in?persona=trial',
        headers: { cookie: `cancel_session=${first}` },
      })
    ).cookies[0]?.value;
    expect(second).not.toBe(first);
    expect((await get('/cancel/api/get-context/', first)).statusCode).toBe(401);
    expect((await harness.counts()).sessions).toBe(1);
  });

  it('refuses an unknown persona or language with 400 JSON, without a session', async () => {
    const persona = await get('/dev/sign-in?persona=root');
    expect(persona.statusCode).toBe(400);
    expect(persona.json()).toMatchObject({ error: 'unknown-persona', message: expect.stringMatching(/^persona: /) });
    const lang = await get('/dev/sign-in?persona=trial&lang=xx');
    expect(lang.statusCode).toBe(400);
    expect(lang.json()).toMatchObject({ error: 'unknown-language' });
    expect(persona.cookies).toHaveLength(0);
    expect((await harness.counts()).sessions).toBe(0);
  });
});

describe('the mailbox', () => {
  it('JSON: newest first, exactly to/subject/text/html/links/sentAt', async () => {
    const client = await harness.signIn('paid-monthly');
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    harness.clock.advance(1);
    await client.post('/cancel/api/social/send-confirmation-email/', {});
    const mails = await mailbox(harness);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(Object.keys(mail).sort()).toEqual(['html', 'links', 'sentAt', 'subject', 'text', 'to']);
      expect(new Date(mail.sentAt).toISOString()).toBe(mail.sentAt);
      for (const link of mail.links) expect(link).toMatch(/^(https?:\/\/|\/[^/])/);
    }
    expect(mails[0]?.subject).toContain('Social');
    expect(mails[1]?.subject).toContain('SEO');
    expect(Date.parse(mails[0]?.sentAt ?? '') - Date.parse(mails[1]?.sentAt ?? '')).toBe(1000);
  });

  it('HTML: lists the mail with clickable links', async () => {
    const client = await harness.signIn('paid-monthly');
    await client.post('/cancel/api/seo/send-confirmation-email/', {});
    const [mail] = await mailbox(harness);
    const page = await get('/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const link = mail?.links[0] ?? 'missing';
    expect(page.body).toContain(`<a href="${link}">`);
    expect(page.body).toContain('Confirm the cancellation of your SEO Toolkit subscription');
  });
});

describe('in production', () => {
  it('every /dev route is absent (404)', async () => {
    const production = await startHarness({ production: true });
    try {
      for (const url of ['/dev/', '/dev', '/dev/sign-in?persona=paid-monthly', '/dev/mailbox', '/dev/mailbox.json']) {
        const response = await production.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.cookies).toHaveLength(0);
      }
    } finally {
      await production.stop();
    }
  });
});

describe('personas', () => {
  it('are exactly the contract ids', () => {
    expect(PERSONAS.map((p) => p.id)).toEqual(PERSONA_IDS);
  });
});
