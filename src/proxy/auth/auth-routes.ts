import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from '../../contract/error';
import { csrfCookieName, csrfHeaderName, sessionCookieName, signInRequestSchema, type StaffSession, type StaffUser } from '../../contract/staff-session';
import { expiredCookie, readCookie, serializeCookie } from './cookies';
import type { ActiveSession, SessionTokens, StaffAuth } from './staff-auth';

export interface AuthRouteOptions {
  auth: StaffAuth;
  cookieSecure: boolean;
  /** Demo mode: the username a visitor is signed in as automatically; undefined when off. */
  demoUser?: string;
  /** The service's API reference page, for the dashboard's help menu; undefined for a cloud upstream. */
  apiReferenceUrl?: string;
}

/** Set by sign-out in demo mode, so the next visit shows the sign-in page instead of signing in again. */
const demoOffCookie = 'dashboard_demo_off';

export function proxyError(reply: FastifyReply, request: FastifyRequest, body: Omit<ErrorObject, 'request_id'>) {
  return reply.status(body.code).send({ ...body, request_id: request.id });
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * A request another site could have started: a browser sends Origin on every cross-origin call and
 * on same-origin POSTs, so a present Origin must be ours.
 */
export function foreignOrigin(request: FastifyRequest): boolean {
  const origin = header(request, 'origin');
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  return readCookie(request.headers.cookie, sessionCookieName);
}

/** The session of an /api call, with CSRF checked for anything but GET/HEAD; or the error already sent. */
export async function requireSession(options: AuthRouteOptions, request: FastifyRequest, reply: FastifyReply): Promise<ActiveSession | undefined> {
  const active = await options.auth.resolve(sessionCookieOf(request));
  if (!active) {
    await proxyError(reply, request, { code: 401, key: 'session_required', message: 'Unauthorized', details: 'Sign in to the dashboard' });
    return undefined;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    if (foreignOrigin(request) || !options.auth.csrfMatches(active, header(request, csrfHeaderName))) {
      await proxyError(reply, request, {
        code: 403,
        key: 'invalid_csrf_token',
        message: 'Forbidden',
        details: `State-changing calls need the ${csrfHeaderName} header holding the ${csrfCookieName} cookie's value, from the dashboard's own origin`,
      });
      return undefined;
    }
  }
  return active;
}

/** Sign-in, sign-out, the current session, and demo mode: `/auth/*` on the proxy (never forwarded). */
export function registerAuthRoutes(app: FastifyInstance, options: AuthRouteOptions): void {
  const { auth, cookieSecure } = options;

  const setSessionCookies = (reply: FastifyReply, tokens: SessionTokens) => {
    void reply.header('set-cookie', [
      serializeCookie(sessionCookieName, tokens.sessionId, { httpOnly: true, secure: cookieSecure, expires: tokens.expiresAt }),
      // Readable by the dashboard's script, which echoes it in the CSRF header; useless without the session.
      serializeCookie(csrfCookieName, tokens.csrfToken, { httpOnly: false, secure: cookieSecure, expires: tokens.expiresAt }),
      expiredCookie(demoOffCookie, { httpOnly: true, secure: cookieSecure }),
    ]);
  };
  const clearSessionCookies = (reply: FastifyReply, demoOff: boolean) => {
    const cookies = [expiredCookie(sessionCookieName, { httpOnly: true, secure: cookieSecure }), expiredCookie(csrfCookieName, { httpOnly: false, secure: cookieSecure })];
    if (demoOff) cookies.push(serializeCookie(demoOffCookie, '1', { httpOnly: true, secure: cookieSecure }));
    void reply.header('set-cookie', cookies);
  };
  const signedOut = (): StaffSession => ({ authenticated: false, demo_available: options.demoUser !== undefined });
  const isDemo = (username: string) => options.demoUser !== undefined && username === options.demoUser;
  const signedIn = (user: StaffUser, demo: boolean): StaffSession => ({ authenticated: true, user, demo, api_reference_url: options.apiReferenceUrl ?? null });

  /** A JSON body from the dashboard's own origin; anything else is refused before any work. */
  const jsonBodyFromUs = (request: FastifyRequest, reply: FastifyReply): unknown => {
    if (foreignOrigin(request)) {
      void proxyError(reply, request, { code: 403, key: 'forbidden', message: 'Forbidden', details: 'Sign-in is accepted only from the dashboard itself' });
      return undefined;
    }
    // Requiring JSON also forces a CORS preflight on any cross-site attempt, which the proxy never grants.
    if (!/^application\/json\b/i.test(header(request, 'content-type') ?? '')) {
      void proxyError(reply, request, { code: 415, key: 'unsupported_media_type', message: 'Unsupported Media Type', details: 'Send the body as application/json' });
      return undefined;
    }
    try {
      return JSON.parse((request.body as Buffer | undefined)?.toString('utf8') || 'null') ?? {};
    } catch {
      void proxyError(reply, request, { code: 400, key: 'invalid_json', message: 'Invalid JSON', details: 'The body is not valid JSON' });
      return undefined;
    }
  };

  app.get('/auth/session', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const active = await auth.resolve(sessionCookieOf(request));
    if (active) return signedIn(active.user, isDemo(active.user.username));
    if (options.demoUser && !readCookie(request.headers.cookie, demoOffCookie) && !foreignOrigin(request)) {
      const user = await auth.ensureDemoUser(options.demoUser);
      setSessionCookies(reply, await auth.startSession(user.id));
      return signedIn(user, true);
    }
    return signedOut();
  });

  // Signed-in staff only: who may see an export may see who started it.
  app.get('/auth/staff', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!(await requireSession(options, request, reply))) return reply;
    return auth.directory();
  });

  app.post('/auth/sign-in', async (request, reply) => {
    const body = jsonBodyFromUs(request, reply);
    if (body === undefined) return reply;
    const parsed = signInRequestSchema.safeParse(body);
    if (!parsed.success) {
      return proxyError(reply, request, { code: 400, key: 'invalid_payload', message: 'Invalid payload', details: parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ') });
    }
    const result = await auth.signIn(parsed.data.username, parsed.data.password);
    if (!result.ok && result.reason === 'locked') {
      void reply.header('retry-after', String(result.retryAfterSeconds));
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      return proxyError(reply, request, { code: 423, key: 'account_locked', message: 'Account locked', details: `Too many failed sign-ins; try again in ${minutes} minute${minutes === 1 ? '' : 's'}` });
    }
    if (!result.ok) return proxyError(reply, request, { code: 401, key: 'invalid_credentials', message: 'Unauthorized', details: 'The username or password is not correct' });
    setSessionCookies(reply, result.tokens);
    void reply.header('cache-control', 'no-store');
    return signedIn(result.user, false);
  });

  app.post('/auth/demo-sign-in', async (request, reply) => {
    if (!options.demoUser) return proxyError(reply, request, { code: 404, key: 'not_found', message: 'Resource not found', details: 'Demo mode is off' });
    if (jsonBodyFromUs(request, reply) === undefined) return reply;
    const user = await auth.ensureDemoUser(options.demoUser);
    setSessionCookies(reply, await auth.startSession(user.id));
    return signedIn(user, true);
  });

  app.post('/auth/sign-out', async (request, reply) => {
    // Sign-out needs the CSRF token too: another site must not be able to end a session.
    const active = await requireSession(options, request, reply);
    if (!active) return reply;
    await auth.signOut(sessionCookieOf(request));
    clearSessionCookies(reply, options.demoUser !== undefined);
    return signedOut();
  });
}
