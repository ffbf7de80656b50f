import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { userAccounts } from '../../db/schema/accounts';
import { persons } from '../../db/schema/persons';
import { generatePassword, hashPassword } from '../../platform/passwords';

export const DEFAULT_ADMIN_USERNAME = 'admin@example.com';

/**
 * On a database without any user, creates the administrator from ADMIN_USERNAME/ADMIN_PASSWORD,
 * or with a generated password that main.ts prints once. Returns undefined when users exist.
 */
export async function ensureFirstAdministrator(
  db: Db,
  config: Pick<Config, 'adminUsername' | 'adminPassword'>,
): Promise<{ username: string; generatedPassword: string | undefined } | undefined> {
  const username = (config.adminUsername ?? DEFAULT_ADMIN_USERNAME).trim().toLowerCase();
  const generatedPassword = config.adminPassword ? undefined : generatePassword();
  const passwordHash = await hashPassword(config.adminPassword ?? generatedPassword!);
  return db.transaction(async (tx) => {
    // Several instances may start at once on one PostgreSQL: only one creates the administrator.
    await tx.execute(sql`select pg_advisory_xact_lock(727002)`);
    const [existing] = await tx.select({ id: userAccounts.id }).from(userAccounts).limit(1);
    if (existing) return undefined;
    const [person] = await tx
      .insert(persons)
      .values({ firstname: 'Admin', lastname: 'Administrator', languageCode: 'de' })
      .returning({ id: persons.id });
    await tx.insert(userAccounts).values({
      personId: person!.id,
      username,
      passwordHash,
      isAdmin: true,
      isCentralCommittee: true,
      passwordChangedAt: new Date(),
    });
    return { username, generatedPassword };
  });
}
