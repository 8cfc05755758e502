// What the survey lets a customer send must fit what the survey storage takes: the payload schema's
// caps (schemas/survey-payload.schema.json) bound a form's name and email, and the question and
// answers each entry records. A survey past them compiles, shows, and then every submission that
// uses the room is refused with 400.
import payloadSchema from '../../schemas/survey-payload.schema.json';
import { reporterFor, type Report, type YamlFile } from './load-yaml';
import type { Problem } from './problems';
import type { Named, StepDef, SurveyDef } from './survey-def';
import { OTHER_TEXT } from './survey-def';

const entry = payloadSchema.definitions.question.properties;
/** The caps the survey storage holds a submission to. */
export const PAYLOAD_CAPS = {
  name: payloadSchema.properties.name.maxLength,
  email: payloadSchema.properties.email.maxLength,
  question: entry.question.maxLength,
  answer: entry.answers.items.maxLength,
  answers: entry.answers.maxItems,
};

/** The parts of a step this check reads, whichever its kind (a form's fields, a question's answers). */
interface StepParts {
  path: StepDef['path'];
  fields?: readonly { kind: string; label: string; limit?: Named; id: Named }[];
  question?: unknown;
  answers?: readonly { text: string }[];
}

const partsOf = (step: StepDef): StepParts => step;

const tooLong = (what: string, length: number, cap: number): string =>
  `this ${what} is ${length} characters, more than the survey storage takes (${cap}): shorten it`;

/**
 * A form field's limit past the cap of the payload field it fills, and each question (a comment field's
 * label among them) and answer past its length. (How many answers an entry may store is the multi
 * step's own check: `tickableAnswers`.)
 */
export function checkPayloadCaps(def: SurveyDef, yaml: YamlFile): Problem[] {
  const problems: Problem[] = [];
  const report = reporterFor(yaml, problems);
  const limitOf = (ref: Named | undefined) => def.limits.find((limit) => limit.name === ref?.name);
  for (const step of def.steps.map(partsOf)) {
    if (step.fields) {
      for (const [index, field] of step.fields.entries()) {
        // A comment field's label is the question its entry stores.
        if (field.kind === 'comment' && field.label.length > PAYLOAD_CAPS.question) {
          report([...step.path, 'fields', index, 'label'], 'text-too-long', tooLong('label', field.label.length, PAYLOAD_CAPS.question));
        }
        const cap = field.kind === 'name' ? PAYLOAD_CAPS.name : field.kind === 'email' ? PAYLOAD_CAPS.email : undefined;
        const limit = limitOf(field.limit);
        if (cap === undefined || limit === undefined || typeof limit.value !== 'number' || limit.value <= cap || field.limit === undefined) continue;
        // At the number the product manager set; the field that uses it is named by its line.
        report(
          limit.path,
          'limit-too-high',
          `the ${field.kind} field on line ${yaml.locate(field.limit.path).line} takes up to ${limit.value} characters by this limit, but the survey storage takes at most ${cap}: a longer ${field.kind} would be refused; make it ${cap} or less`,
        );
      }
    }
    if (typeof step.question === 'string' && step.question.length > PAYLOAD_CAPS.question) {
      report([...step.path, 'question'], 'text-too-long', tooLong('question', step.question.length, PAYLOAD_CAPS.question));
    }
    const answers = step.answers;
    if (!answers) continue;
    for (const [index, answer] of answers.entries()) {
      if (answer.text.length <= PAYLOAD_CAPS.answer) continue;
      report([...step.path, 'answers', index, 'text'], 'text-too-long', tooLong('answer', answer.text.length, PAYLOAD_CAPS.answer));
    }
  }
  return problems;
}

/**
 * The check of a step whose customer may tick several answers (`max` of them, else all, 'Other'
 * among them): an entry of the survey storage holds at most PAYLOAD_CAPS.answers.
 */
export function tickableAnswers(step: { path: StepDef['path']; answers: readonly unknown[]; other?: unknown; max?: number }, report: Report): void {
  const withOther = step.answers.length + (step.other === undefined ? 0 : 1);
  const tickable = Math.min(withOther, step.max ?? withOther);
  if (tickable <= PAYLOAD_CAPS.answers) return;
  report(
    step.max === undefined ? [...step.path, 'answers'] : [...step.path, 'max'],
    'too-many-answers',
    `a customer may tick ${tickable} answers here${withOther > step.answers.length ? ` ('${OTHER_TEXT}' counted)` : ''}, more than one entry of the survey storage holds (${PAYLOAD_CAPS.answers}): set \`max: ${PAYLOAD_CAPS.answers}\` or fewer, or remove answers`,
  );
}
