import type { DbOrTx } from '../../db/client';
import { revokeChain, revokeChainsOfPerson } from './refresh-tokens.queries';
import { markSecondFactorPassed } from './sign-in-sessions.queries';

/**
 * Ends every sign-in of a person (all refresh chains, and through the auth hook every access
 * token of them). For other features (archive, delete); runs in the caller's transaction.
 */
export async function revokeAllSessions(tx: DbOrTx, params: { personId: string; now: Date }): Promise<void> {
  await revokeChainsOfPerson(tx, { personId: params.personId, now: params.now });
}

/** Ends one sign-in (the sessions page); the caller has checked it is the person's. */
export async function revokeSession(tx: DbOrTx, params: { sessionId: string; now: Date }): Promise<void> {
  await revokeChain(tx, { chainId: params.sessionId, now: params.now });
}

/** Ends every sign-in of a person but the one given (the caller's own). */
export async function revokeOtherSessions(
  tx: DbOrTx,
  params: { personId: string; keepSessionId: string; now: Date },
): Promise<void> {
  await revokeChainsOfPerson(tx, { personId: params.personId, now: params.now, exceptChainId: params.keepSessionId });
}

/** The sign-in passed a second factor now (set up during a sign-in that had to have one). */
export async function markSessionSecondFactor(
  tx: DbOrTx,
  params: { sessionId: string; secondFactor: number },
): Promise<void> {
  await markSecondFactorPassed(tx, { chainId: params.sessionId, secondFactor: params.secondFactor });
}
