export { ApiError, CALLS, createApi, labelFor, type ApiClient, type ApiScope } from './calls';
export { csrfToken } from './csrf';
export { isAllowedRedirect, request, RequestError, REQUEST_TIMEOUT_MS, type RequestOptions } from './request';
