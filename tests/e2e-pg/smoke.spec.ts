// The reference server on PostgreSQL, in a browser: the survey, the cancel request, the mailed link
// and its confirmation, with the submission read back from PostgreSQL itself.
import pg from 'pg';
import { expect, test } from '../e2e/support/fixtures';
import { confirmationLink } from '../e2e/support/mail';
import { cancelButton, toClosingForm } from '../e2e/support/quick';
import { PERSONA_EMAILS, signIn } from '../e2e/support/session';

/** The names of the survey submissions PostgreSQL holds with this name. */
async function storedNames(name: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const result = await client.query<{ name: string }>("SELECT payload::jsonb ->> 'name' AS name FROM survey_submissions WHERE payload::jsonb ->> 'name' = $1", [name]);
    return result.rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

test('on PostgreSQL: survey, cancel, the mailed link, confirmed', async ({ page, guard }) => {
  const heading = page.getByRole('heading', { level: 1 });
  const name = `PostgreSQL ${Date.now()}`;
  await signIn(page, 'paid-annual', '/cancel/content');
  await toClosingForm(page, name);
  await cancelButton(page).click();
  await expect(heading).toHaveText('Your subscription has been canceled');
  await expect(page.getByText('You can resend the email in 60 seconds.')).toBeVisible();
  expect(await storedNames(name)).toEqual([name]);

  const link = await confirmationLink(page.request, PERSONA_EMAILS['paid-annual'], 'content');
  await page.goto(link);
  await expect(heading).toHaveText('Your subscription has been canceled');
  await expect(page.getByText('You have confirmed the cancellation of Content Toolkit.')).toBeVisible();
  expect(guard.reported()).toEqual([]);
});
