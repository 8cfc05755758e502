import type { FormValues } from '../../../../src/engine/kinds/form';
import type { DriverKind } from './driver-kind';

/** The closing form: its name and comments typed, its agreement ticked; the button is its own. */
export const formDriver: DriverKind<'form'> = {
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
};
