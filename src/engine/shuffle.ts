import type { AnswerId } from '../model';

/** A source of numbers in [0, 1), injectable so tests are repeatable. */
export type RandomSource = () => number;

/**
 * The display order of a choice step's answers: shuffled (Fisher-Yates) when the step asks for
 * random order, authored otherwise; 'Other' always stays last.
 */
export function answerOrder(answers: readonly { id: AnswerId; isOther: boolean }[], order: 'random' | 'fixed', random: RandomSource): AnswerId[] {
  const regular = answers.filter((a) => !a.isOther).map((a) => a.id);
  const others = answers.filter((a) => a.isOther).map((a) => a.id);
  if (order === 'random') {
    for (let i = regular.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [regular[i], regular[j]] = [regular[j] as AnswerId, regular[i] as AnswerId];
    }
  }
  return [...regular, ...others];
}
