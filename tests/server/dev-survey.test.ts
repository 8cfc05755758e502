// /dev/survey lists every step of every survey for trial and paid customers, each with a link that opens
// it; /dev/open-step signs in and hands the app a saved state standing on that step.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { saveState } from '../../src/app/saved-survey';
import { currentStep, restoreState, type SurveyState } from '../../src/engine';
import { AUDIENCES, type Audience } from '../../src/model';
import { picturesDir, savedStateKey } from '../../src/server/dev/dev-survey';
import { SESSION_COOKIE } from '../../src/server/sessions';
import { testBundle } from './helpers/bundle';
import { startHarness, type Harness } from './helpers/harness';

let harness: Harness;
beforeEach(async () => {
  harness = await startHarness();
});
afterEach(async () => {
  await harness.stop();
});

const bundle = testBundle();
const decode = (html: string): string =>
  html.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The open-step links of the page, as their decoded queries. */
function openLinks(html: string): URLSearchParams[] {
  return [...html.matchAll(/href="(\/dev\/open-step\?[^"]*)"/g)].map((m) => new URL(decode(m[1] ?? ''), 'http://dev.test').searchParams);
}

/** The data attributes /dev/open-step hands its script. */
function seed(html: string): { stateKey: string; state: SurveyState; next: string } {
  const attribute = (name: string): string => decode(new RegExp(`${name}="([^"]*)"`).exec(html)?.[1] ?? '');
  return { stateKey: attribute('data-state-key'), state: JSON.parse(attribute('data-state')) as SurveyState, next: attribute('data-next') };
}

describe('GET /dev/survey', () => {
  it('links every step of every survey, for trial and for paid customers', async () => {
    const response = await harness.get('/dev/survey');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const links = openLinks(response.body);
    for (const survey of Object.values(bundle.surveys)) {
      for (const audience of AUDIENCES) {
        const persona = audience === 'trial' ? 'trial' : 'paid-monthly';
        for (const step of Object.keys(survey.audiences[audience].steps)) {
          const link = links.find((q) => q.get('step') === step && q.get('persona') === persona && bundle.toolkits.find((b) => b.route === q.get('route'))?.survey === survey.id);
          expect(link, `${survey.id} ${audience} ${step}`).toBeDefined();
          expect(link?.get('lang')).toBe('en');
        }
      }
    }
    const expected = Object.values(bundle.surveys).reduce((n, s) => n + AUDIENCES.reduce((m, a) => m + Object.keys(s.audiences[a].steps).length, 0), 0);
    expect(links).toHaveLength(expected);
    // Each table says how many steps it lists, in words that fit the number.
    for (const survey of Object.values(bundle.surveys)) {
      for (const audience of AUDIENCES) {
        const count = Object.keys(survey.audiences[audience].steps).length;
        expect(response.body).toContain(`${count} ${count === 1 ? 'step' : 'steps'}, opened`);
      }
    }
    expect(response.body).not.toContain('1 steps');
    // The strict CSP: scripts and styles only as files.
    expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)|<style|\sstyle=/);
  });

  it('links in the chosen language and on the chosen page; an sst page opens as its admin, and has no trial link', async () => {
    const de = openLinks((await harness.get('/dev/survey?lang=de&route=seo')).body);
    expect(de.length).toBeGreaterThan(0);
    expect(de.filter((q) => bundle.toolkits.find((b) => b.route === q.get('route'))?.survey === 'cancellation').every((q) => q.get('route') === 'seo')).toBe(true);
    expect(de.every((q) => q.get('lang') === 'de')).toBe(true);

    const plan = (await harness.get('/dev/survey?route=plan')).body;
    const cancellation = openLinks(plan).filter((q) => q.get('route') === 'plan');
    expect(new Set(cancellation.map((q) => q.get('persona')))).toEqual(new Set(['sst-admin']));
    expect(plan).toContain('no trial persona may open /cancel/plan');
  });

  it('moves an offer step to a page whose toolkit shows that offer', async () => {
    const links = openLinks((await harness.get('/dev/survey?route=advertising')).body);
    const offer = links.find((q) => q.get('step') === 'discount-offer' && q.get('persona') === 'paid-monthly');
    expect(offer?.get('route')).toBe('all');
    expect(links.find((q) => q.get('step') === 'reason' && q.get('persona') === 'paid-monthly')?.get('route')).toBe('advertising');
  });

  it('shows an offer’s heading as the customer reads it, its ICU message rendered with the offer’s numbers', async () => {
    const body = (await harness.get('/dev/survey')).body;
    expect(body).toContain('<td>Stay with us and save 30%</td>');
    expect(body).not.toContain('{percent}');
  });

  it('embeds the picture the build drew, and says how to draw it when there is none', async () => {
    expect((await harness.get('/dev/survey')).body).toContain('No picture of this survey yet. Run <code>npm run build</code>');
    const dir = picturesDir(harness.appDir);
    mkdirSync(dir, { recursive: true });
    const svg = '<?xml version="1.0"?>\n<svg width="300pt" height="100pt" viewBox="0 0 300 100" xmlns="http://www.w3.org/2000/svg"><g id="start"/></svg>';
    writeFileSync(join(dir, 'cancellation-both.svg'), svg);
    writeFileSync(join(dir, 'cancellation-paid.svg'), svg.replace('id="start"', 'id="paid-start"'));
    const both = (await harness.get('/dev/survey')).body;
    expect(both).toContain('<svg width="300" height="100" role="img"');
    expect(both).not.toContain('<?xml');
    expect((await harness.get('/dev/survey?view=paid')).body).toContain('id="paid-start"');
  });

  it('serves its stylesheet and scripts as files', async () => {
    for (const [url, type] of [
      ['/dev/assets/dev-tools.css', /^text\/css/],
      ['/dev/assets/open-step.js', /^text\/javascript/],
      ['/dev/assets/survey-preview.js', /^text\/javascript/],
    ] as const) {
      const response = await harness.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(type);
    }
  });
});

describe('GET /dev/open-step', () => {
  it('signs in, and seeds a state the app restores, standing on the step, for every step of every page audience', async () => {
    for (const audience of AUDIENCES) {
      const persona = audience === 'trial' ? 'trial' : 'paid-monthly';
      const survey = bundle.surveys.cancellation;
      if (!survey) throw new Error('no cancellation survey');
      for (const step of Object.keys(survey.audiences[audience].steps)) {
        const response = await harness.get(`/dev/open-step?persona=${persona}&lang=fr&route=all&step=${step}`);
        expect(response.statusCode, `${audience} ${step}`).toBe(200);
        const { stateKey, state, next } = seed(response.body);
        expect(stateKey).toBe('cancel:survey:all');
        const restored = restoreState(survey, audience as Audience, state);
        expect(restored, `${audience} ${step}`).not.toBeNull();
        expect(currentStep(survey, restored as SurveyState).id).toBe(step);
        expect(next).toBe(step === survey.audiences[audience].start ? '/cancel/all' : `/cancel/all?step=${step}`);
        const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
        expect(cookie?.httpOnly).toBe(true);
        expect((await harness.get('/cancel/all', cookie?.value)).body).toContain('<html lang="fr"');
      }
    }
  });

  it('takes the shortest way, answering without typing where it can', async () => {
    const { state } = seed((await harness.get('/dev/open-step?persona=paid-annual&route=seo&step=other-services')).body);
    // reason → (Other, the only one-move way to competitors) → competitors → other-services
    expect(state.trail).toEqual(['reason', 'competitors', 'other-services']);
    expect(state.data.competitors).toEqual({ answer: 'will-use-other' });
  });

  it('shows an offer step even where the persona would not be offered it, and keeps the offers an eligible one sees', async () => {
    const trial = seed((await harness.get('/dev/open-step?persona=trial&route=all&step=discount-offer')).body).state;
    expect(trial.offers).toEqual(['discount-offer']);
    expect(trial.trail[trial.trail.length - 1]).toBe('discount-offer');
    const eligible = seed((await harness.get('/dev/open-step?persona=paid-monthly&route=seo&step=competitors')).body).state;
    expect(eligible.offers).toEqual(['discount-offer', 'downgrade-offer']);
    const notEligible = seed((await harness.get('/dev/open-step?persona=paid-annual&route=seo&step=competitors')).body).state;
    expect(notEligible.offers).toEqual([]);
  });

  it('without a persona opens the step as the one signed in, in its language; with or=start, a step gone opens the first', async () => {
    const client = await harness.signIn('trial', 'de');
    const again = await harness.get('/dev/open-step?route=all&step=discount-offer', client.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.body).toContain('as trial (trial) in de');
    expect(seed(again.body).state).toMatchObject({ audience: 'trial' });
    // Opening a step signs in afresh: the page goes on with the new session.
    const renewed = again.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
    const gone = await harness.get('/dev/open-step?route=seo&step=renamed-step&or=start', renewed);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(seed(gone.body).next).toBe('/cancel/seo');
    expect(seed(gone.body).state.trail).toEqual([bundle.surveys.cancellation?.audiences.trial.start]);
    // Without a session, a persona is still needed.
    expect((await harness.get('/dev/open-step?route=seo&step=reason')).json()).toMatchObject({ error: 'unknown-persona' });
  });

  it('keeps the state under the key the app reads', () => {
    const written: string[] = [];
    saveState('seo', {} as SurveyState, { setItem: (key) => written.push(key), getItem: () => null, removeItem: () => {} });
    expect(written).toEqual([savedStateKey('seo')]);
  });

  const refused: [string, string][] = [
    ['/dev/open-step?persona=nobody&route=seo&step=reason', 'unknown-persona'],
    ['/dev/open-step?persona=trial&lang=xx&route=seo&step=reason', 'unknown-language'],
    ['/dev/open-step?persona=trial&route=nowhere&step=reason', 'unknown-route'],
    ['/dev/open-step?persona=trial&route=plan&step=reason', 'no-access'],
    ['/dev/open-step?persona=paid-monthly&route=seo&step=why-not-sure', 'unknown-step'],
    ['/dev/open-step?persona=paid-monthly&route=seo&step=nope', 'unknown-step'],
    ['/dev/open-step?persona=paid-monthly&route=seo&step=constructor', 'unknown-step'],
  ];
  for (const [url, code] of refused) {
    it(`refuses ${url} (${code}) without signing in`, async () => {
      const response = await harness.get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: code });
      expect(response.cookies).toHaveLength(0);
    });
  }
});

describe('in production', () => {
  it('the survey preview, open-step, insights and their files are absent (404)', async () => {
    const production = await startHarness({ production: true });
    try {
      for (const url of [
        '/dev/survey',
        '/dev/open-step?persona=trial&route=seo&step=reason',
        '/dev/insights',
        '/dev/assets/dev-tools.css',
        '/dev/assets/open-step.js',
        '/dev/assets/survey-preview.js',
      ]) {
        const response = await production.get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.cookies).toHaveLength(0);
      }
    } finally {
      await production.stop();
    }
  });
});
