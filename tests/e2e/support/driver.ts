// Drives the survey screen the way a customer does: by the visible labels of the compiled texts.
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Page } from '@playwright/test';
import { downgradePlans, offerValues, type OfferValues, type PathMove, type StepData } from '../../../src/engine';
import type { ChoiceData, FormValues, OfferData, TextData } from '../../../src/engine';
import type { ChoiceStep, CompiledStep, OfferStep } from '../../../src/model';
import { stepTitle } from '../../../src/renderer/step-title';
import { expect } from './fixtures';

const english = setupI18n({ locale: 'en', messages: { en: {} } });
english.setMessagesCompiler(compileMessage);

/** An offer text as the English page shows it: its ICU message rendered with the offer's values. */
export function englishOfferText(text: string, values: OfferValues): string {
  return english._(text, values);
}

/** Who walks the path, where that changes what they enter: a downgrade proposes plans by product group. */
export interface Walker {
  productGroup: string;
}

/** An offer move's choice: the path names it as the move's answer. */
function offerChoice(step: OfferStep, move: PathMove): NonNullable<OfferData['choice']> {
  if (move.answer === 'accepted' || move.answer === 'declined') return move.answer;
  throw new Error(`offer '${step.id}' is taken with 'accepted' or 'declined', not '${String(move.answer)}'`);
}

/**
 * The data a customer enters to take `move`; `name` makes the submission findable on the server.
 * Accepting a downgrade chooses the first plan the walker's product group is offered.
 */
export function dataFor(step: CompiledStep, move: PathMove, name: string, walker?: Walker): StepData {
  switch (step.type) {
    case 'choice': {
      const answer = step.answers.find((a) => a.id === move.answer);
      return answer?.input ? { answer: move.answer, details: { [answer.id]: `${name}: because ${answer.id}` } } : { answer: move.answer };
    }
    case 'text':
      return { text: 'Rival Suite, Other Tool' };
    case 'form': {
      const values: FormValues = {};
      for (const field of step.fields) {
        if (field.kind === 'name') values[field.id] = name;
        if (field.kind === 'comment') values[field.id] = `${name}: thanks for everything`;
        if (field.kind === 'agreement') values[field.id] = true;
      }
      return values;
    }
    case 'offer': {
      const choice = offerChoice(step, move);
      if (choice === 'declined' || step.offer.kind === 'discount') return { choice };
      const [plan] = downgradePlans(step, walker?.productGroup ?? '');
      if (plan === undefined) throw new Error(`offer '${step.id}' proposes no plan to ${walker?.productGroup ?? 'an unknown product group'}`);
      return { choice, plan };
    }
  }
}

/** The radio of an answer. */
export const radio = (page: Page, text: string) => page.getByRole('radio', { name: text, exact: true });

/** Enters `data` on the step the page shows (which must be `step`). */
export async function enter(page: Page, step: CompiledStep, data: StepData): Promise<void> {
  switch (step.type) {
    case 'choice': {
      const { answer: id, details } = data as ChoiceData;
      const answer = step.answers.find((a) => a.id === id);
      if (!answer) throw new Error(`'${String(id)}' is not an answer of '${step.id}'`);
      await radio(page, answer.text).check();
      if (answer.input) await page.getByRole('textbox', { name: answer.input.label }).fill(details?.[answer.id] ?? '');
      return;
    }
    case 'text':
      await page.getByRole('textbox', { name: step.question }).fill((data as TextData).text ?? '');
      return;
    case 'form': {
      const values = data as FormValues;
      for (const field of step.fields) {
        const value = values[field.id];
        if (field.kind === 'agreement' && value === true) await page.getByRole('checkbox', { name: field.label }).check();
        if ((field.kind === 'name' || field.kind === 'comment') && typeof value === 'string') {
          await page.getByRole('textbox', { name: field.label }).fill(value);
        }
      }
      return;
    }
    case 'offer': {
      // Only a downgrade being accepted has something to enter: the plan.
      const { plan } = data as OfferData;
      if (step.offer.kind === 'downgrade' && plan !== undefined) {
        await radio(page, step.offer.planNames[plan] ?? plan).check();
      }
    }
  }
}

/** The question or heading that tells which step the page shows (an offer's with its values filled). */
export function stepHeading(step: CompiledStep): string {
  return step.type === 'offer' ? englishOfferText(step.heading, offerValues(step)) : stepTitle(step);
}

/** Waits until the page shows `step`, and checks its indicator and (for choices) that 'Other' is last. */
export async function expectStep(page: Page, step: CompiledStep, total?: number): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`${escape(stepHeading(step))}$`));
  if (step.indicator !== undefined && total !== undefined) {
    await expect(page.getByText(`Step ${step.indicator} of ${total}`, { exact: true })).toBeVisible();
  }
  if (step.type === 'choice') await expectOtherLast(page, step);
}

async function expectOtherLast(page: Page, step: ChoiceStep) {
  const labels = await page.locator('.radios__label').allTextContents();
  expect([...labels].sort()).toEqual(step.answers.map((a) => a.text).sort());
  const other = step.answers.find((a) => a.isOther);
  if (other) expect(labels[labels.length - 1]).toBe(other.text);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The button that takes the step on with `data`: Continue, the closing form's submit, or an offer's accept or decline. */
export function submitButton(step: CompiledStep, data: StepData): string {
  switch (step.type) {
    case 'form':
      return step.submit;
    case 'offer':
      return (data as OfferData).choice === 'accepted' ? step.accept : step.decline;
    case 'choice':
    case 'text':
      return 'Continue';
  }
}

/** Takes the step on with `data` (entered already): clicks its button. */
export async function submitStep(page: Page, step: CompiledStep, data: StepData): Promise<void> {
  await page.getByRole('button', { name: submitButton(step, data), exact: true }).click();
}
