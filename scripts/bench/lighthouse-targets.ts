// The Lighthouse targets of the quality gates, and the verdict the bench prints against them.

/** The categories the bench scores. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Performance at least 95, accessibility and best practices 100 (mobile defaults). */
export const LIGHTHOUSE_TARGETS: Readonly<Record<Category, number>> = { performance: 95, accessibility: 100, 'best-practices': 100 };

/** 'meets the targets …', or which median score misses which target. */
export function targetVerdict(medians: Readonly<Record<Category, number>>): string {
  const missed = CATEGORIES.filter((c) => medians[c] < LIGHTHOUSE_TARGETS[c]).map((c) => `${c} ${medians[c]} < ${LIGHTHOUSE_TARGETS[c]}`);
  return missed.length === 0 ? 'meets the targets (performance ≥ 95, accessibility 100, best practices 100)' : `MISSES the targets: ${missed.join(', ')}`;
}

/** Issue 18's targets on /cancel/seo and /cancel/no-subscription: performance and accessibility 100. */
export const FIRST_SCREEN_TARGETS: Readonly<Partial<Record<Category, number>>> = { performance: 100, accessibility: 100 };

/** Issue 18's verdict on a page's median scores: 'met', or which score falls short. */
export function firstScreenVerdict(medians: Readonly<Record<Category, number>>): string {
  const short = CATEGORIES.filter((c) => medians[c] < (FIRST_SCREEN_TARGETS[c] ?? 0)).map((c) => `${c} ${medians[c]} < ${FIRST_SCREEN_TARGETS[c] ?? 0}`);
  return `issue 18 (performance 100, accessibility 100): ${short.length === 0 ? 'met' : `not met: ${short.join(', ')}`}`;
}
