import type { TextData } from '../../../../src/engine/kinds/text';
import type { DriverKind } from './driver-kind';

/** A text step: its one box. */
export const textDriver: DriverKind<'text'> = {
  async enter(page, step, data) {
    await page.getByRole('textbox', { name: step.question }).fill((data as TextData).text ?? '');
  },
  button: () => 'Continue',
};
