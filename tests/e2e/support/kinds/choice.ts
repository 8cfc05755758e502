import type { ChoiceData } from '../../../../src/engine/kinds/choice';
import { radio } from './controls';
import type { DriverKind } from './driver-kind';

/** A choice: the answer's radio, and the text of its box. */
export const choiceDriver: DriverKind<'choice'> = {
  async enter(page, step, data) {
    const { answer: id, details } = data as ChoiceData;
    const answer = step.answers.find((a) => a.id === id);
    if (!answer) throw new Error(`'${String(id)}' is not an answer of '${step.id}'`);
    await radio(page, answer.text).check();
    if (answer.input) await page.getByRole('textbox', { name: answer.input.label }).fill(details?.[answer.id] ?? '');
  },
  button: () => 'Continue',
};
