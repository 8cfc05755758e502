// The confirmation link the server mailed.
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { mailbox } from './server-data';

/**
 * The newest confirm-unsubscribe link mailed to `to` for the page /cancel/{confirmRoute}, from the
 * mail of the account `request` is signed in as (the page's `page.request`): every sign-in makes a
 * fresh account, and the accounts of one persona share its address.
 */
export async function confirmationLink(request: APIRequestContext, to: string, confirmRoute: string): Promise<string> {
  const path = `/cancel/${confirmRoute}/confirm-unsubscribe?key=`;
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await mailbox(request, 'mine')).find((m) => m.to === to && m.links.some((l) => l.includes(path)));
      link = mail?.links.find((l) => l.includes(path));
      return link;
    })
    .toBeTruthy();
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}
