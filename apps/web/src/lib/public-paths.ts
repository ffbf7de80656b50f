/** Routes a visitor may open without signing in (spec 01 §2, spec 02 §2). */
const publicPrefixes = ['/login', '/reset-password', '/events-public', '/event-registration-public'];

export function isPublicPath(pathname: string): boolean {
  return publicPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** A "come back here after sign-in" target, only when it is a path of this app. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.startsWith('/login')) return null;
  return value;
}
