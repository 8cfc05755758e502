import { isProviderLinkName, PAYLOAD_SLOTS } from '../../src/model';
import type { AnswerTip, AudienceRule, PayloadSlot } from '../../src/model';
import type { YamlPath } from './load-yaml';
import { asBlock, asList, named, text } from './read-helpers';
import type { Block } from './read-helpers';
import type {
  AnswerDef,
  FieldDef,
  FieldKind,
  Named,
  OfferStepDef,
  OtherDef,
  StepDef,
  SurveyDef,
  TextBoxDef,
} from './survey-def';

/** Reads survey data leniently into a `SurveyDef`; parts that are not well-formed are left out. */
export function readSurvey(data: unknown): SurveyDef {
  const root = asBlock(data) ?? {};
  const limits = Object.entries(asBlock(root.limits) ?? {}).map(([name, value]) => ({
    name,
    value,
    path: ['limits', name],
  }));
  const steps = asList(root.steps).flatMap((step, index) => {
    const def = readStep(step, ['steps', index]);
    return def ? [def] : [];
  });
  return {
    id: named(root, 'id', []),
    start: named(root, 'start', []),
    indicatorSteps: integer(root.indicatorSteps),
    limits,
    steps,
  };
}

function readStep(value: unknown, path: YamlPath): StepDef | undefined {
  const block = asBlock(value);
  const id = block && named(block, 'id', path);
  if (!block || !id) return undefined;
  if (block.type === 'offer') return readOffer(block, id, path);
  const base = {
    id,
    path,
    audience: audience(block.audience),
    indicator: integer(block.indicator),
    slot: slot(block.slot),
    heading: text(block.heading),
  };
  switch (block.type) {
    case 'choice':
      return {
        ...base,
        type: 'choice',
        question: text(block.question) ?? '',
        order: block.order === 'random' ? 'random' : 'fixed',
        answers: asList(block.answers).flatMap((answer, index) => {
          const def = readAnswer(answer, [...path, 'answers', index]);
          return def ? [def] : [];
        }),
        other: readOther(block.other, [...path, 'other']),
      };
    case 'text':
      return {
        ...base,
        type: 'text',
        question: text(block.question) ?? '',
        input: readTextBox(block.input, [...path, 'input']) ?? { label: '' },
        next: named(block, 'next', path),
      };
    case 'form':
      return {
        ...base,
        type: 'form',
        submit: text(block.submit) ?? '',
        fields: asList(block.fields).flatMap((field, index) => {
          const def = readField(field, [...path, 'fields', index]);
          return def ? [def] : [];
        }),
      };
    default:
      return undefined;
  }
}

function readOffer(block: Block, id: Named, path: YamlPath): OfferStepDef {
  const success = asBlock(block.success) ?? {};
  const discount = asBlock(block.discount) ?? {};
  const plans = Object.entries(asBlock(block.plans) ?? {}).map(([group, list]) => ({
    group,
    plans: asList(list).flatMap((plan, index) => (typeof plan === 'string' ? [{ name: plan, path: [...path, 'plans', group, index] }] : [])),
  }));
  const planBlock = asBlock(block.planNames) ?? {};
  return {
    type: 'offer',
    id,
    path,
    audience: audience(block.audience),
    indicator: integer(block.indicator),
    heading: text(block.heading) ?? '',
    body: text(block.body) ?? '',
    accept: text(block.accept) ?? '',
    decline: text(block.decline) ?? '',
    success: { heading: text(success.heading) ?? '', body: text(success.body) ?? '' },
    kind: block.kind === 'downgrade' ? 'downgrade' : 'discount',
    toolkits: asList(block.toolkits).flatMap((toolkit, index) =>
      typeof toolkit === 'string' ? [{ name: toolkit, path: [...path, 'toolkits', index] }] : [],
    ),
    percent: integer(discount.percent),
    months: integer(discount.months),
    plans,
    planNames: Object.keys(planBlock).map((plan) => ({ name: plan, path: [...path, 'planNames', plan] })),
    planLabels: Object.fromEntries(Object.entries(planBlock).flatMap(([plan, label]) => (typeof label === 'string' ? [[plan, label]] : []))),
    next: named(block, 'next', path),
  };
}

function readAnswer(value: unknown, path: YamlPath): AnswerDef | undefined {
  const block = asBlock(value);
  const id = block && named(block, 'id', path);
  if (!block || !id) return undefined;
  return {
    id,
    text: text(block.text) ?? '',
    next: named(block, 'next', path),
    audience: audience(block.audience),
    input: readTextBox(block.input, [...path, 'input']),
    tip: readTip(block.tip),
  };
}

/** An answer's tip; the schema check has already refused one without its text, link or label. */
function readTip(value: unknown): AnswerTip | undefined {
  const block = asBlock(value);
  const tipText = block && text(block.text);
  const label = block && text(block.label);
  const link = block?.link;
  if (!tipText || !label || typeof link !== 'string' || !isProviderLinkName(link)) return undefined;
  return { text: tipText, link, label };
}

function readOther(value: unknown, path: YamlPath): OtherDef | undefined {
  const box = readTextBox(value, path);
  const block = asBlock(value);
  if (!box || !block) return undefined;
  return { ...box, next: named(block, 'next', path), path };
}

function readTextBox(value: unknown, path: YamlPath): TextBoxDef | undefined {
  const block = asBlock(value);
  if (!block) return undefined;
  return { label: text(block.label) ?? '', placeholder: text(block.placeholder), limit: named(block, 'limit', path) };
}

const FIELD_KINDS: readonly string[] = ['name', 'email', 'comment', 'agreement'] satisfies FieldKind[];

function readField(value: unknown, path: YamlPath): FieldDef | undefined {
  const block = asBlock(value);
  const id = block && named(block, 'id', path);
  if (!block || !id || typeof block.type !== 'string' || !FIELD_KINDS.includes(block.type)) return undefined;
  return {
    id,
    kind: block.type as FieldKind,
    label: text(block.label) ?? '',
    audience: audience(block.audience),
    required: block.required === true,
    placeholder: text(block.placeholder),
    limit: named(block, 'limit', path),
    slot: typeof block.slot === 'string' && isSlot(block.slot) ? block.slot : undefined,
  };
}

function integer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

function audience(value: unknown): AudienceRule {
  return value === 'trial' || value === 'paid' ? value : 'all';
}

function isSlot(value: string): value is PayloadSlot {
  return (PAYLOAD_SLOTS as readonly string[]).includes(value);
}

function slot(value: unknown): PayloadSlot {
  return typeof value === 'string' && isSlot(value) ? value : 'first_question';
}
