/**
 * When a sendout that failed is tried again (issue 29, the real API's rule): 12 retries at doubling
 * intervals from 1 minute, none longer than 24 hours, measured on the project's clock; a sendout
 * still failing after them has failed for good, and an endpoint whose sendouts fail for good
 * `disableAfterFailedSendouts` times in a row is set inactive.
 */
export const maxRetries = 12;
export const disableAfterFailedSendouts = 12;
const minute = 60_000;
const day = 24 * 60 * minute;

/** The wait before the next attempt after `failedAttempts` attempts failed (1 = the first), or null when none is left. */
export function retryDelayMs(failedAttempts: number): number | null {
  if (failedAttempts < 1 || failedAttempts > maxRetries) return null;
  return Math.min(minute * 2 ** (failedAttempts - 1), day);
}

/** An answer is accepted when it is 2xx; anything else (redirects included: they are not followed) is a failure. */
export function accepted(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}
