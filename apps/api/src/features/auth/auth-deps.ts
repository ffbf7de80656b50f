import type { FeatureDeps } from '../../platform/feature-deps';

/** What the auth services use of the app's dependencies. */
export type AuthDeps = Pick<FeatureDeps, 'db' | 'now' | 'accessTokens' | 'purposeTokens' | 'config' | 'outbox'>;

/** Request facts a service may record (never logged). */
export type ClientInfo = { userAgent: string | null; ipAddress: string | null };
