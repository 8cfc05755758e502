import type { Page } from '@playwright/test';

/** The radio of an answer. */
export const radio = (page: Page, text: string) => page.getByRole('radio', { name: text, exact: true });
