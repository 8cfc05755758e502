import { escapeHtml as e } from '../html';
import { LANGUAGES } from '../languages';
import type { Persona } from '../personas';
import type { Account } from '../store/accounts';
import type { StoredMail } from '../store/outbox';

/** A page without inline script or style, so it runs under the same strict CSP as the app. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title></head>
<body>
${body}
</body>
</html>
`;
}

/**
 * GET /dev/: every persona × language as a sign-in link, plus the mailbox and the product-manager pages.
 * With `next` (the page a signed-out visitor came from: provider.yaml's `signIn` is this page), each
 * sign-in returns there.
 */
export function devIndexPage(personas: readonly Persona[], signedInAs: string | undefined, accounts: readonly Account[] = [], next?: string): string {
  const header = LANGUAGES.map((lang) => `<th scope="col">${lang}</th>`).join('');
  const back = next === undefined ? '' : `&next=${encodeURIComponent(next)}`;
  const rows = personas
    .map((persona) => {
      const cells = LANGUAGES.map((lang) => {
        const href = `/dev/sign-in?persona=${encodeURIComponent(persona.id)}&lang=${lang}${back}`;
        return `<td><a href="${e(href)}" aria-label="${e(`${persona.id} in ${lang}`)}">${lang}</a></td>`;
      }).join('');
      return `<tr><th scope="row"><code>${e(persona.id)}</code><br>${e(persona.description)}<br>${e(persona.user.email)}</th>${cells}</tr>`;
    })
    .join('\n');
  const status =
    signedInAs === undefined
      ? '<p>Not signed in.</p>'
      : `<p>Signed in as <code>${e(signedInAs)}</code>. <a href="/cancel">Open the cancellation area</a>.</p>`;
  return page(
    'Development: personas',
    `<h1>Cancellation area: development sign-in</h1>
${status}
<p>Choose a persona and a language to sign in; you land on <code>${e(next ?? '/cancel')}</code>.
Mail the server sends is in the <a href="/dev/mailbox">mailbox</a> (<a href="/dev/mailbox.json">JSON</a>).</p>
<p>For product managers: the <a href="/dev/survey">survey preview</a> (every flow as a picture; open any step as any persona, in any language)
and the <a href="/dev/insights">insights</a> (reasons and paths of the stored submissions).</p>
<table>
<thead><tr><th scope="col">Persona</th>${header}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
${accountsSection(accounts)}`,
  );
}

/** The demo accounts the sign-ins made, newest first, each with a reset that forgets what it did. */
function accountsSection(accounts: readonly Account[]): string {
  if (accounts.length === 0) return '<h2>Accounts</h2>\n<p>No account yet: each sign-in makes a fresh account from its persona.</p>';
  const rows = accounts
    .map(
      (account) => `<tr><td><code>${account.userId}</code></td><td><code>${e(account.personaId)}</code></td>` +
        `<td><time datetime="${new Date(account.createdAt).toISOString()}">${new Date(account.createdAt).toISOString()}</time></td>` +
        `<td><form method="post" action="/dev/accounts/${account.userId}/reset"><button type="submit">Reset</button></form></td></tr>`,
    )
    .join('\n');
  return `<h2>Accounts</h2>
<p>Each sign-in makes a fresh account from its persona (the persona's own id the first time). A reset forgets the account's cancellations, offers and surveys.</p>
<table>
<thead><tr><th scope="col">User id</th><th scope="col">Persona</th><th scope="col">Made</th><th scope="col"><span class="visually-hidden">Reset</span></th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

/** GET /dev/mailbox: the outbox, newest first, with clickable links. */
export function mailboxPage(mails: readonly StoredMail[]): string {
  const items = mails
    .map((mail) => {
      const links = mail.links.map((link) => `<li><a href="${e(link)}">${e(link)}</a></li>`).join('');
      return `<article>
<h2>${e(mail.subject)}</h2>
<p>To <strong>${e(mail.to)}</strong>, <time datetime="${new Date(mail.sentAt).toISOString()}">${new Date(mail.sentAt).toISOString()}</time> (${e(mail.delivery)})</p>
<ul>${links}</ul>
<pre>${e(mail.text)}</pre>
</article>`;
    })
    .join('\n<hr>\n');
  return page(
    'Development: mailbox',
    `<h1>Mailbox</h1>
<p><a href="/dev/">Personas</a> · <a href="/dev/mailbox.json">JSON</a></p>
${mails.length === 0 ? '<p>No mail yet.</p>' : items}`,
  );
}
