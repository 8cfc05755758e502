// A chosen answer's tip: a note with a link to another product page, from the survey YAML, shown
// only under the chosen answer, described to screen readers, and never in the way of Continue.
import { expect, test } from './support/fixtures';
import { radio } from './support/driver';
import { signIn } from './support/session';
import { shoot } from './support/shoot';
import { bundle } from './support/survey';

const links = bundle().provider.links;
const continueButton = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Continue', exact: true });

test('a paid customer sees the tip of the chosen answer only, with its link, and goes on as before', async ({ page }) => {
  await signIn(page, 'paid-annual', '/cancel/content');
  await radio(page, 'I am satisfied with the product, but I don’t/can’t use it right now').check();
  await continueButton(page).click();
  await expect(page.locator('.radios__tip')).toHaveCount(0);

  await radio(page, 'I don’t have any projects to work on right now').check();
  const tip = page.locator('.radios__tip');
  await expect(tip).toHaveCount(1);
  await expect(tip).toHaveText('Your projects and their data stay here until your subscription ends. Open your projects');
  await expect(tip.getByRole('link', { name: 'Open your projects' })).toHaveAttribute('href', links.projects);
  await expect(radio(page, 'I don’t have any projects to work on right now')).toHaveAccessibleDescription(/Your projects and their data stay here/);
  await shoot(page, '22-answer-tip');

  // Another answer takes its own tip; one without a tip shows none.
  await radio(page, 'I don’t have time to use it').check();
  await expect(tip).toHaveCount(1);
  await expect(tip.getByRole('link', { name: 'Open Position Tracking' })).toHaveAttribute('href', links.positionTracking);
  await expect(radio(page, 'I don’t have any projects to work on right now')).not.toHaveAccessibleDescription(/Your projects/);
  await radio(page, 'My business is struggling').check();
  await expect(tip).toHaveCount(0);

  await radio(page, 'I don’t have time to use it').check();
  await continueButton(page).click();
  await expect(page.getByRole('group', { name: /Are you going to use any other service instead\?/ })).toBeVisible();
});

test('a trial customer’s own answers carry their own tips, translated', async ({ page }) => {
  await signIn(page, 'trial', '/cancel/social', 'de');
  await radio(page, 'Ich bin nicht sicher, ob ich es brauche').check();
  await page.getByRole('button', { name: 'Weiter', exact: true }).click();
  await radio(page, 'Ich wollte es nur ausprobieren').check();
  const tip = page.locator('.radios__tip');
  await expect(tip).toHaveText('Bevor Sie gehen: Sehen Sie sich an, wer auf Ihre Website verlinkt. Backlink Audit ausprobieren');
  await expect(tip.getByRole('link')).toHaveAttribute('href', links.backlinkAudit);
});
