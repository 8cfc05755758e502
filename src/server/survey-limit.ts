/** Survey submissions an account may send in a window (repeats included) unless SURVEY_RATE_LIMIT says otherwise; more get 429 with Retry-After. */
export const SURVEY_STORAGE_LIMIT = { requests: 30, windowMs: 60_000 } as const;
