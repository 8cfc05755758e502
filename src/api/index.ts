export { ADDED_CALLS, INSIGHTS_CALLS, ApiError, CALLS, createApi, labelFor, type ApiClient, type ApiScope } from './calls';
export { csrfToken } from './csrf';
export { allowRedirectsTo, isAllowedRedirect, request, RequestError, REQUEST_TIMEOUT_MS, type FailureKind, type RequestOptions } from './request';
export { isRepeatable, parseRetryAfter, RETRY_POLICY, retryDelay, type RetryPolicy, type TryFailure } from './retry';
