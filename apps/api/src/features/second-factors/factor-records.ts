import { RECOVERY_CODE_COUNT, type RecoveryCodes } from '@bpw/domain/second-factors';
import type { DbOrTx } from '../../db/client';
import { writeAuditEntry } from '../../platform/audit';
import { hashToken } from '../../platform/auth/secure-tokens';
import { replaceRecoveryCodes } from './second-factors.queries';
import { newRecoveryCode, normalisedRecoveryCode } from './totp';

/** Ten new recovery codes (shown once); only their hashes are kept, the old ones stop working. */
export async function newRecoveryCodes(tx: DbOrTx, params: { personId: string; now: Date }): Promise<RecoveryCodes> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(tx, {
    personId: params.personId,
    codeHashes: codes.map((code) => hashToken(normalisedRecoveryCode(code))),
    now: params.now,
  });
  return { recoveryCodes: codes };
}

export type FactorChange =
  'totpAdded' | 'totpRemoved' | 'recoveryCodesRenewed' | 'passkeyAdded' | 'passkeyRemoved' | 'reset';

/** The audit entry of a change of second factors: what changed, never a secret or code. */
export async function writeFactorAudit(
  tx: DbOrTx,
  params: { actorPersonId: string; personId: string; now: Date; change: FactorChange },
) {
  await writeAuditEntry(tx, {
    actorPersonId: params.actorPersonId,
    // The person's trail shows it as a change of her account (docs/decisions/two-factor.md).
    action: 'updated',
    entity: 'account',
    entityId: params.personId,
    subjectPersonId: params.personId,
    at: params.now,
    details: { fields: ['secondFactor'], change: params.change },
  });
}
