/**
 * Per client address limits (@fastify/rate-limit, route config `rateLimit`) on the calls that
 * guess passwords or send mails. Generous enough for a club evening where many members sign in
 * from one network; the per-account lock (auth feature) stops guessing on a single account.
 * The counters live in the database (rate-limit-store.ts), so they hold across instances; the
 * client address is the socket's unless TRUST_PROXY names the proxy in front (config.ts).
 */
export const authRateLimits = {
  authenticate: { max: 30, timeWindow: '1 minute' },
  /** The login page asks for a passkey challenge on every visit (conditional UI). */
  passkeyOptions: { max: 60, timeWindow: '1 minute' },
  resetPassword: { max: 10, timeWindow: '15 minutes' },
  setPassword: { max: 20, timeWindow: '15 minutes' },
} as const;
