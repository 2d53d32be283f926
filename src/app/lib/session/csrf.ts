import { csrfCookieName } from '../../../contract/staff-session';

/**
 * The CSRF token the proxy set at sign-in, read from its (non-HttpOnly) cookie; every
 * state-changing call echoes it in a header, which another site cannot do.
 */
export function csrfToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${csrfCookieName}=`));
  return match ? decodeURIComponent(match.slice(csrfCookieName.length + 1)) : undefined;
}

/** Fired when the proxy answers `session_required`: the session ended (expired, signed out elsewhere). */
export const sessionEndedEvent = 'dashboard:session-ended';

export function announceSessionEnded(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(sessionEndedEvent));
}
