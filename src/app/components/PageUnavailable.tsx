import { createElement as h } from 'react';

/**
 * The last resort when no catalog could be loaded, not even English: the spec's banner sentence,
 * in English because there is nothing to translate it with, and a way to try again. A chunk of its
 * own, fetched only then. It reaches no module of the page but React (no JSX runtime, the support
 * address given rather than read from the bundle), so none of the page's shared chunks splits in two
 * for it, which would add to the first screen what leaving it out takes away.
 */
export function PageUnavailable({ email }: { email: string }) {
  return h(
    'div',
    { className: 'width-container page-body' },
    h(
      'main',
      // English on a page of any language: said so, or a screen reader reads it with the page's voice.
      { className: 'main', id: 'main-content', lang: 'en' },
      h(
        'div',
        { role: 'alert', className: 'banner-error' },
        h('p', null, 'Something went wrong. If the problem persists, please contact us at ', h('a', { href: `mailto:${email}` }, email), '.'),
        h('p', null, 'The page could not be loaded completely. Check your connection, then reload the page.'),
      ),
      h('button', { type: 'button', className: 'button', onClick: () => window.location.reload() }, 'Reload the page'),
    ),
  );
}
