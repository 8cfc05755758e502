// Screenshots at both widths into tests/e2e/screenshots/ (git-ignored) for review, and an axe check.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect } from './fixtures';

const DIR = join(process.cwd(), 'tests/e2e/screenshots');
const WIDTHS = [375, 1280] as const;

/** Screenshots the page at 375px and 1280px and checks it with axe for WCAG 2.1 AA problems. */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: join(DIR, `${name}-${width}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
  }
  const violations = await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), name).toEqual([]);
}
