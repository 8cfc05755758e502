// The strict Content-Security-Policy gate: the served app has no 'unsafe-eval' and no
// 'unsafe-inline' for scripts, and every browser test fails on a violation, because every spec
// runs under the shared fixture (tests/e2e/support/fixtures.ts). This file checks both halves.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';

const E2E = join(process.cwd(), 'tests/e2e');
const specFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? specFiles(join(dir, entry.name)) : entry.name.endsWith('.spec.ts') ? [join(dir, entry.name)] : [],
  );

test('every spec imports test from the shared fixture, never from @playwright/test', () => {
  const files = specFiles(E2E);
  expect(files.length).toBeGreaterThan(5);
  // `test` comes from the shared fixture, or from a support module that extends it.
  const extendsFixture = (module: string): boolean =>
    module === 'fixtures' ||
    /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'\.\/fixtures'/.test(readFileSync(join(E2E, 'support', `${module}.ts`), 'utf8'));
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const name = relative(E2E, file);
    const from = /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*'\.\/support\/([\w-]+)'/.exec(source)?.[1];
    expect(from !== undefined && extendsFixture(from), `${name} imports test from ./support/fixtures or a module extending it`).toBe(true);
    // Types may come from Playwright; values may not (eslint enforces the same).
    expect(source, name).not.toMatch(/import\s+(?!type\b)[^;]*from\s*'@playwright\/test'/);
  }
});

test('pages, assets and API answers carry the strict policy', async ({ page, request }) => {
  await signIn(page, 'paid-monthly', '/cancel/seo');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The early script and the main one.
  const scripts = await page.locator('script[type="module"]').evaluateAll((elements) => elements.map((element) => element.getAttribute('src') ?? ''));
  expect(scripts).toHaveLength(2);
  for (const path of ['/cancel/seo', ...scripts, '/cancel/api/get-csrf-token/']) {
    const response = await request.get(path);
    const policy = response.headers()['content-security-policy'] ?? '';
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSources, path).toBe("'self'");
    expect(policy, path).not.toMatch(/unsafe-(eval|inline)/);
  }
});

test.describe('the fixture', () => {
  // These tests must fail: the fixture turns the violation into a failure of the test.
  test.fail(true, 'the shared fixture fails any test with a Content-Security-Policy violation');

  test('fails a test whose page runs inline script', async ({ page }) => {
    await signIn(page, 'paid-monthly', '/cancel/seo');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'document.title = "inline ran";';
      document.head.append(inline);
    });
    await expect(page).not.toHaveTitle('inline ran');
    // Give the violation event its turn before the fixture checks.
    await page.waitForTimeout(100);
  });

  test('fails a test whose page loads a script from elsewhere', async ({ page }) => {
    await signIn(page, 'paid-monthly', '/cancel/seo');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      const foreign = document.createElement('script');
      foreign.src = 'data:text/javascript,document.title%20%3D%20%22foreign%20ran%22';
      document.head.append(foreign);
    });
    await expect(page).not.toHaveTitle('foreign ran');
    await page.waitForTimeout(100);
  });
});
