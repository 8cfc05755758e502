// Drives the survey screen the way a customer does: by the visible labels of the compiled texts.
import type { Page } from '@playwright/test';
import type { PathMove, StepData } from '../../../src/engine';
import type { ChoiceData, FormValues, TextData } from '../../../src/engine';
import type { ChoiceStep, CompiledStep } from '../../../src/model';
import { expect } from './fixtures';

/** The data a customer enters to take `move`; `name` makes the submission findable on the server. */
export function dataFor(step: CompiledStep, move: PathMove, name: string): StepData {
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
    }
  }
}

/** The question or heading that tells which step the page shows. */
export function stepHeading(step: CompiledStep): string {
  return step.heading ?? (step.type === 'form' ? step.submit : step.question);
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

/** Continue, or the closing form's submit button. */
export async function submitStep(page: Page, step: CompiledStep): Promise<void> {
  await page.getByRole('button', { name: step.type === 'form' ? step.submit : 'Continue', exact: true }).click();
}
