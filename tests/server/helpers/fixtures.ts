import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { QuestionEntry, SurveyPayload } from '../../../src/model';
import { answerPath } from './answer-path';

/** A payload entry whose translated texts are the English ones (an English page). */
export function entry(question: string, answers: string[], comment = ''): QuestionEntry {
  return { question, question_translated: question, answers, answers_translated: [...answers], comment };
}

/** A valid survey payload for `email` (spec §3), as the app would post it. */
export function surveyPayload(email: string, overrides: Partial<SurveyPayload> = {}): SurveyPayload {
  const payload: SurveyPayload = {
    timestamp: '2025-05-01T10:00:00.000Z',
    name: 'Mia Monthly',
    email,
    accepted_terms: true,
    toolkit: 'seo',
    survey: {
      first_question: {
        question: 'Please let us know why you’re leaving',
        question_translated: 'Bitte sagen Sie uns, warum Sie gehen',
        // An answer that goes straight to the closing form, so the payload is a whole path by itself.
        answers: ['I have another account / I want to change my subscription'],
        answers_translated: ['Ich habe ein anderes Konto / Ich möchte mein Abo ändern'],
        comment: '',
      },
      fourth_question: {
        question: 'Have anything else to add?',
        question_translated: 'Möchten Sie noch etwas hinzufügen?',
        answers: [],
        answers_translated: [],
        comment: 'Thanks for everything.',
      },
    },
    path: [],
    ...overrides,
  };
  // The path the app would record for these answers, unless the test sets its own.
  return overrides.path ? payload : { ...payload, path: answerPath(payload) };
}

/** A valid growth-kit payload for `email`: the one-form survey fills only the first question. */
export function growthKitPayload(email: string, reason = 'We have moved the work in-house.'): SurveyPayload {
  return surveyPayload(email, {
    toolkit: 'growth-kit',
    survey: { first_question: entry('Why do you want to cancel the Growth Kit?', [], reason) },
  });
}

/** The built app the static tests serve: an index.html, a hashed and an unhashed asset. */
export const APP_FILES: Readonly<Record<string, string>> = {
  'index.html':
    '<!doctype html>\n<html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Cancel</title>' +
    '<script type="module" src="/cancel/assets/index-3F2A9C1B.js"></script></head><body><div id="root"></div></body></html>\n',
  'assets/index-3F2A9C1B.js': 'console.log("app");\n',
  'assets/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
};

/** Writes APP_FILES into `appDir`, as a build would. */
export function writeAppFiles(appDir: string): void {
  for (const [file, text] of Object.entries(APP_FILES)) {
    mkdirSync(dirname(join(appDir, file)), { recursive: true });
    writeFileSync(join(appDir, file), text);
  }
}
