import { offerArguments } from '../../../src/engine';
import { CANCELLABLE_TOOLKITS } from '../../../src/model';
import type { AudienceRule, RetentionOffer } from '../../../src/model';
import type { YamlPath } from '../load-yaml';
import { asBlock, asList, checked, named, text } from '../read-helpers';
import { integer } from '../read-parts';
import { didYouMean } from '../suggest';
import type { Named } from '../survey-def';
import type { CompilerKind } from './kind';

/** A retention offer between two questions; declining leads on to `next`. */
export interface OfferStepDef {
  type: 'offer';
  id: Named;
  path: YamlPath;
  audience: AudienceRule;
  indicator?: number;
  heading: string;
  body: string;
  accept: string;
  decline: string;
  success: { heading: string; body: string };
  kind: 'discount' | 'downgrade';
  toolkits: Named[];
  percent?: number;
  months?: number;
  /** Plans per product group, each plan with where it is written. */
  plans: { group: string; plans: Named[] }[];
  planNames: Named[];
  planLabels: Record<string, string>;
  next?: Named;
}

declare module '../survey-def' {
  interface StepDefByType {
    offer: OfferStepDef;
  }
}

/** A retention offer between two questions: accepting ends the survey, declining leads on to `next`. */
export const offerKind: CompilerKind<'offer'> = {
  read(block, base) {
    const { path } = base;
    const success = asBlock(block.success) ?? {};
    const discount = asBlock(block.discount) ?? {};
    const plans = Object.entries(asBlock(block.plans) ?? {}).map(([group, list]) => ({
      group,
      plans: asList(list).flatMap((plan, index) => (typeof plan === 'string' ? [{ name: plan, path: [...path, 'plans', group, index] }] : [])),
    }));
    const planBlock = asBlock(block.planNames) ?? {};
    return {
      type: 'offer',
      id: base.id,
      path,
      audience: base.audience,
      indicator: base.indicator,
      heading: base.heading ?? '',
      body: text(block.body) ?? '',
      accept: text(block.accept) ?? '',
      decline: text(block.decline) ?? '',
      success: { heading: text(success.heading) ?? '', body: text(success.body) ?? '' },
      kind: block.kind === 'downgrade' ? 'downgrade' : 'discount',
      toolkits: asList(block.toolkits).flatMap((toolkit, index) => (typeof toolkit === 'string' ? [{ name: toolkit, path: [...path, 'toolkits', index] }] : [])),
      percent: integer(discount.percent),
      months: integer(discount.months),
      plans,
      planNames: Object.keys(planBlock).map((plan) => ({ name: plan, path: [...path, 'planNames', plan] })),
      planLabels: Object.fromEntries(Object.entries(planBlock).flatMap(([plan, label]) => (typeof label === 'string' ? [[plan, label]] : []))),
      next: named(block, 'next', path),
    };
  },
  // Accepting ends the survey; declining goes on.
  edges: (step) => [{ from: step, to: step.next, answer: 'declined', label: step.decline, audience: 'all' }],
  checkReferences(step, refs) {
    for (const toolkit of step.toolkits) {
      if (!(CANCELLABLE_TOOLKITS as readonly string[]).includes(toolkit.name)) {
        refs.report(toolkit.path, 'unknown-toolkit', `'${toolkit.name}' is not a toolkit${didYouMean(toolkit.name, CANCELLABLE_TOOLKITS)}`);
      }
    }
    const planNames = new Set(step.planNames.map((plan) => plan.name));
    for (const plan of step.plans.flatMap((group) => group.plans)) {
      if (!planNames.has(plan.name)) refs.report(plan.path, 'unknown-plan', `'${plan.name}' is not one of the planNames${didYouMean(plan.name, planNames)}`);
    }
  },
  fillers: () => [],
  textArguments: (block, path) => (block.kind === 'discount' || block.kind === 'downgrade' ? offerArguments(block.kind, path[0] === 'success') : []),
  compile(step) {
    const toolkits = step.toolkits.map((toolkit) => toolkit.name);
    const offer: RetentionOffer =
      step.kind === 'discount'
        ? { kind: 'discount', toolkits, percent: checked(step.percent, 'discount.percent'), months: checked(step.months, 'discount.months') }
        : {
            kind: 'downgrade',
            toolkits,
            plans: Object.fromEntries(step.plans.map(({ group, plans }) => [group, plans.map((plan) => plan.name)])),
            planNames: step.planLabels,
          };
    return {
      type: 'offer',
      id: step.id.name,
      indicator: step.indicator,
      heading: step.heading,
      title: step.heading,
      body: step.body,
      accept: step.accept,
      decline: step.decline,
      success: step.success,
      offer,
      next: checked(step.next, 'next').name,
    };
  },
  texts: (step) => [
    step.heading,
    step.body,
    step.accept,
    step.decline,
    step.success.heading,
    step.success.body,
    ...(step.offer.kind === 'downgrade' ? Object.values(step.offer.planNames) : []),
  ],
  picture: {
    type: 'offer',
    name: 'offer: a retention offer, shown only where available (accepting ends the survey)',
    shape: 'octagon',
    style: 'filled',
    fill: '#f6ecfa',
    border: '#7a4a9a',
    rows: (step) => [
      { kind: 'title', text: step.heading },
      {
        kind: 'detail',
        text:
          step.offer.kind === 'discount'
            ? `${step.offer.percent}% off for ${step.offer.months} ${step.offer.months === 1 ? 'month' : 'months'}`
            : `smaller plans: ${Object.entries(step.offer.plans).map(([group, plans]) => `${group} → ${plans.join(', ')}`).join('; ')}`,
      },
      { kind: 'detail', text: step.offer.toolkits.length > 0 ? `on: ${step.offer.toolkits.join(', ')}` : 'on no page: passed by everywhere' },
      { kind: 'detail', text: `button: ${step.accept}` },
    ],
  },
};
