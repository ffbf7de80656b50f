import type { DbOrTx } from '../../db/client';
import { revokeChainsOfPerson } from './refresh-tokens.queries';

/**
 * Ends every sign-in of a person (all refresh chains, and through the auth hook every access
 * token of them). For other features (archive, delete); runs in the caller's transaction.
 */
export async function revokeAllSessions(tx: DbOrTx, params: { personId: string; now: Date }): Promise<void> {
  await revokeChainsOfPerson(tx, { personId: params.personId, now: params.now });
}
