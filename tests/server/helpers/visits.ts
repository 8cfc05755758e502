// Visits of the survey screen as the page records them (POST /cancel/api/visit-events/), for the tests.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { VisitEvent, VisitEventBatch } from '../../../src/model';
import { testBundle } from './bundle';
import type { Client } from './harness';

export const EVENTS = '/cancel/api/visit-events/';
/** The version of the cancellation survey the test server serves. */
export const VERSION = testBundle().surveys.cancellation?.version ?? '';

/** One event, with a fresh id. */
export const event = (type: VisitEvent['type'], step?: string, answer?: string): VisitEvent => ({
  id: randomUUID(),
  type,
  ...(step === undefined ? {} : { step }),
  ...(answer === undefined ? {} : { answer }),
});

/** A paid customer's way to the discount offer: step 1's 'doesn't meet my needs', step 2's 'price too high', the offer shown. */
export const toDiscountOffer = (): VisitEvent[] => [
  event('answer', 'reason', 'not-meeting-needs'),
  event('step', 'what-could-be-better'),
  event('answer', 'what-could-be-better', 'price-too-high'),
  event('step', 'discount-offer'),
  event('offer-shown', 'discount-offer'),
];

/** A batch of one visit's events, in English, on a toolkit's page (SEO's unless told), of a survey version (the test server's unless told). */
export function batch(visit: string, events: VisitEvent[], toolkit = 'seo', version = VERSION): VisitEventBatch {
  return { visit, toolkit, version, language: 'en', events };
}

/** Walks one visit of a toolkit's survey (SEO's unless told) through the API: its first question, then `events`. */
export async function visitOf(client: Client, events: VisitEvent[], toolkit = 'seo', version = VERSION): Promise<string> {
  const visit = randomUUID();
  const response = await client.post(EVENTS, batch(visit, [event('visit'), event('step', 'reason'), ...events], toolkit, version));
  expect(response.statusCode, response.body).toBe(200);
  return visit;
}
