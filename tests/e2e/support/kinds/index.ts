// How a customer enters each kind of step in the browser, one entry per kind, so the driver itself
// never branches on a step's type (a kind without an entry here is a type error).
import type { Page } from '@playwright/test';
import type { ChoiceData, FormValues, MultiData, OfferData, RatingData, StepData, TextData } from '../../../../src/engine';
import type { CompiledStep, StepOfType, StepType } from '../../../../src/model';

/** The radio of an answer. */
export const radio = (page: Page, text: string) => page.getByRole('radio', { name: text, exact: true });

interface DriverKind<T extends StepType> {
  /** Enters `data` on the step the page shows. */
  enter(page: Page, step: StepOfType<T>, data: StepData): Promise<void>;
  /** The button that takes the step on with `data`. */
  button(step: StepOfType<T>, data: StepData): string;
}

const DRIVERS = {
  choice: {
    async enter(page, step, data) {
      const { answer: id, details } = data as ChoiceData;
      const answer = step.answers.find((a) => a.id === id);
      if (!answer) throw new Error(`'${String(id)}' is not an answer of '${step.id}'`);
      await radio(page, answer.text).check();
      if (answer.input) await page.getByRole('textbox', { name: answer.input.label }).fill(details?.[answer.id] ?? '');
    },
    button: () => 'Continue',
  },
  text: {
    async enter(page, step, data) {
      await page.getByRole('textbox', { name: step.question }).fill((data as TextData).text ?? '');
    },
    button: () => 'Continue',
  },
  form: {
    async enter(page, step, data) {
      const values = data as FormValues;
      for (const field of step.fields) {
        const value = values[field.id];
        if (field.kind === 'agreement' && value === true) await page.getByRole('checkbox', { name: field.label }).check();
        if ((field.kind === 'name' || field.kind === 'comment') && typeof value === 'string') {
          await page.getByRole('textbox', { name: field.label }).fill(value);
        }
      }
    },
    button: (step) => step.submit,
  },
  offer: {
    async enter(page, step, data) {
      // Only a downgrade being accepted has something to enter: the plan.
      const { plan } = data as OfferData;
      if (step.offer.kind === 'downgrade' && plan !== undefined) await radio(page, step.offer.planNames[plan] ?? plan).check();
    },
    button: (step, data) => ((data as OfferData).choice === 'accepted' ? step.accept : step.decline),
  },
  rating: {
    async enter(page, _step, data) {
      const { value } = data as RatingData;
      if (value !== undefined) await radio(page, String(value)).check();
    },
    button: () => 'Continue',
  },
  multi: {
    async enter(page, step, data) {
      const { answers = [], details } = data as MultiData;
      for (const answer of step.answers) {
        if (!answers.includes(answer.id)) continue;
        await page.getByRole('checkbox', { name: answer.text, exact: true }).check();
        if (answer.input) await page.getByRole('textbox', { name: answer.input.label }).fill(details?.[answer.id] ?? '');
      }
    },
    button: () => 'Continue',
  },
} satisfies { [T in StepType]: DriverKind<T> };

/** The browser driver of a step's kind. */
export function driverOf(step: CompiledStep): DriverKind<StepType> {
  return DRIVERS[step.type] as unknown as DriverKind<StepType>;
}
