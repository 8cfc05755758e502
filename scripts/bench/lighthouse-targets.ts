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
