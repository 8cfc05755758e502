import type { MultiData } from '../../../../src/engine/kinds/multi';
import type { DriverKind } from './driver-kind';

/** A multi step: each ticked answer's checkbox, and the text of its box. */
export const multiDriver: DriverKind<'multi'> = {
  async enter(page, step, data) {
    const { answers = [], details } = data as MultiData;
    for (const answer of step.answers) {
      if (!answers.includes(answer.id)) continue;
      await page.getByRole('checkbox', { name: answer.text, exact: true }).check();
      if (answer.input) await page.getByRole('textbox', { name: answer.input.label }).fill(details?.[answer.id] ?? '');
    }
  },
  button: () => 'Continue',
};
