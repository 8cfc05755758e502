import { bundle } from '../bundle';

/**
 * The last resort when no catalog could be loaded, not even English: the spec's banner sentence,
 * in English because there is nothing to translate it with, and a way to try again.
 */
export function PageUnavailable() {
  const email = bundle.provider.supportEmail;
  return (
    <div className="width-container page-body">
      <main className="main" id="main-content">
        <div role="alert" className="banner-error">
          <p>
            Something went wrong. If the problem persists, please contact us at <a href={`mailto:${email}`}>{email}</a>.
          </p>
          <p>The page could not be loaded completely. Check your connection, then reload the page.</p>
        </div>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </main>
    </div>
  );
}
