/**
 * The two cookies of a dashboard session, read and written by hand: their attributes are fixed, so
 * a cookie library would add a dependency for twenty lines.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export interface CookieOptions {
  httpOnly: boolean;
  secure: boolean;
  /** Absent: a browser-session cookie. */
  expires?: Date;
}

/**
 * SameSite=Strict: the browser never sends the session on a request started by another site.
 * Secure: browsers accept Secure cookies from http://localhost, so local use keeps working.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Strict'];
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  return parts.join('; ');
}

export function expiredCookie(name: string, options: Omit<CookieOptions, 'expires'>): string {
  return serializeCookie(name, '', { ...options, expires: new Date(0) });
}
