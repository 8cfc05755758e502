// The session's CSRF token: fetched once the user is loaded, sent with every write.

let token: string | undefined;

/** Remembers the token the get-csrf-token call returned. */
export function setCsrfToken(value: string): void {
  token = value;
}

/** The token to send as X-CSRFToken, if one was fetched. */
export function csrfToken(): string | undefined {
  return token;
}
