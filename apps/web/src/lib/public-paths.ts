/** Routes a visitor may open without signing in (spec 01 §2, spec 02 §2). */
const publicPrefixes = [
  '/login',
  '/reset-password',
  '/events-public',
  '/event-registration-public',
  '/apply',
  '/unsubscribe',
];

export function isPublicPath(pathname: string): boolean {
  return publicPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** A "come back here after sign-in" target, only when it is a path of this app. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.startsWith('/login')) return null;
  // The login page follows it with a full page load (location.replace), and the URL parser reads
  // a backslash or a tab after the first slash as "//", another host: only a path that stays here.
  const origin = 'http://app.invalid';
  try {
    return new URL(value, origin).origin === origin ? value : null;
  } catch {
    return null;
  }
}
