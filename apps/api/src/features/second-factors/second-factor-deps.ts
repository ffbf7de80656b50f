import type { FeatureDeps } from '../../platform/feature-deps';

/** What the second-factors services use of the app's dependencies. */
export type SecondFactorDeps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'outbox' | 'purposeTokens'>;
