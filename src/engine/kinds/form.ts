import type { FormStep, PayloadSlot } from '../../model';
import { trimmed, type Branch, type EngineKind } from './kind';

/** What the customer entered on the closing form: one value per field id. */
export type FormValues = Record<string, string | boolean | undefined>;

declare module '../state' {
  interface StepDataByType {
    form: FormValues;
  }
}

const END: Branch = { label: '', outcome: { end: 'complete' } };

/**
 * The closing form (step 4, or the growth-kit form): submitting it ends the survey. Its name and
 * agreement fill the payload's own fields; each comment that holds text fills its slot.
 */
export const formKind: EngineKind<'form'> = {
  noun: 'closing form',
  branches: () => [END],
  branchOf: () => END,
  moveOf: (step) => ({ step: step.id }),
  sampleData(step, _move, fill) {
    const values: FormValues = {};
    for (const field of step.fields) {
      if (field.kind === 'name') values[field.id] = fill.name;
      if (field.kind === 'email' && fill.email !== undefined) values[field.id] = fill.email;
      if (field.kind === 'comment') values[field.id] = fill.comment(field);
      if (field.kind === 'agreement') values[field.id] = true;
    }
    return values;
  },
  writePayload(step, data, draft) {
    const values = data as FormValues;
    for (const field of step.fields) {
      if (field.kind === 'name') draft.name = trimmed(values[field.id]);
      if (field.kind === 'agreement') draft.acceptedTerms = values[field.id] === true;
      if (field.kind === 'comment') {
        const comment = trimmed(values[field.id]);
        if (comment !== '') draft.entries[field.slot] = draft.entry(field.label, [], comment);
      }
    }
  },
  enteredTexts: (_step, data) => Object.values(data as FormValues).filter((value): value is string => typeof value === 'string'),
  dataFromPayload(step, _move, payload) {
    const values: FormValues = {};
    for (const field of step.fields) {
      if (field.kind === 'name') values[field.id] = payload.name;
      if (field.kind === 'email') values[field.id] = payload.email;
      if (field.kind === 'agreement') values[field.id] = payload.accepted_terms;
      if (field.kind === 'comment') values[field.id] = payload.survey[field.slot]?.comment ?? '';
    }
    return values;
  },
  questions: (step) => step.fields.flatMap((field): [PayloadSlot, string][] => (field.kind === 'comment' ? [[field.slot, field.label]] : [])),
  prefill(step, saved, user) {
    // The read-only email is always the user's; the name is theirs until they change it.
    const values: FormValues = { ...(saved as FormValues | undefined) };
    for (const field of step.fields) {
      if (field.kind === 'name' && values[field.id] === undefined) values[field.id] = user.name;
      if (field.kind === 'email') values[field.id] = user.email;
    }
    return values;
  },
  payloadField(step: FormStep, name) {
    const field = step.fields.find((f) => f.id === name);
    if (field?.kind === 'comment') return `survey.${field.slot}.comment`;
    if (field?.kind === 'agreement') return 'accepted_terms';
    return field?.kind ?? name;
  },
  // Submitting the form ends the survey: no way of it leads to a step.
  redirected: (step) => step,
};
