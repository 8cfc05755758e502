// Drives the survey screen the way a customer does: by the visible labels of the compiled texts.
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Page } from '@playwright/test';
import { downgradePlans, isOfferStep, kindOf, stepTextValues, type PathMove, type SampleFill, type StepData } from '../../../src/engine';
import type { OfferData } from '../../../src/engine';
import type { ChoiceStep, CompiledStep, OfferStep } from '../../../src/model';
import { stepTitle } from '../../../src/renderer/step-title';
import { expect } from './fixtures';
import { driverOf } from './kinds';

const english = setupI18n({ locale: 'en', messages: { en: {} } });
english.setMessagesCompiler(compileMessage);

/** A survey text as the English page shows it: its ICU message rendered with the values it quotes (an offer's). */
export function englishText(text: string, values?: Record<string, string | number | undefined>): string {
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
  const fill: SampleFill = {
    box: (_input, answer) => (answer === undefined ? 'Rival Suite, Other Tool' : `${name}: because ${answer}`),
    name,
    comment: () => `${name}: thanks for everything`,
  };
  const data = kindOf(step).sampleData(step, move, fill);
  if (!isOfferStep(step) || offerChoice(step, move) === 'declined' || step.offer.kind === 'discount') return data;
  const [plan] = downgradePlans(step, walker?.productGroup ?? '');
  if (plan === undefined) throw new Error(`offer '${step.id}' proposes no plan to ${walker?.productGroup ?? 'an unknown product group'}`);
  return { ...data, plan };
}

export { radio } from './kinds';

/** Enters `data` on the step the page shows (which must be `step`). */
export async function enter(page: Page, step: CompiledStep, data: StepData): Promise<void> {
  await driverOf(step).enter(page, step, data);
}

/** The question or heading that tells which step the page shows (an offer's with its values filled). */
export function stepHeading(step: CompiledStep): string {
  return englishText(stepTitle(step), stepTextValues(step));
}

/** Waits until the page shows `step`, and checks its indicator and (for choices) that 'Other' is last. */
export async function expectStep(page: Page, step: CompiledStep, total?: number): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`${escape(stepHeading(step))}$`));
  if (step.indicator !== undefined && total !== undefined) {
    await expect(page.getByText(`Step ${step.indicator} of ${total}`, { exact: true })).toBeVisible();
  }
  if ('answers' in step && 'order' in step) await expectOtherLast(page, step);
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
  return driverOf(step).button(step, data);
}

/** Takes the step on with `data` (entered already): clicks its button. */
export async function submitStep(page: Page, step: CompiledStep, data: StepData): Promise<void> {
  await page.getByRole('button', { name: submitButton(step, data), exact: true }).click();
}
