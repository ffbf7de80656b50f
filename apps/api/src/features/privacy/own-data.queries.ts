import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { passwordTokens, userAccounts } from '../../db/schema/accounts';
import { addressEmails, addressPhones, addresses, addressUrls } from '../../db/schema/addresses';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { storedFiles } from '../../db/schema/files';
import { notificationSubscriptions } from '../../db/schema/notifications';
import { personMentoringAreas, personSpokenLanguages, persons } from '../../db/schema/persons';

/**
 * The small parts of a person's own data (GET person/me/data), each one indexed query scoped to
 * her id. Secrets (password hash, token hashes) are never selected.
 */
const coach1 = alias(persons, 'coach1');
const coach2 = alias(persons, 'coach2');
const primaryClub = alias(clubs, 'primary_club');

export async function findOwnPerson(db: DbOrTx, params: { personId: string }) {
  const [row] = await db
    .select({
      person: persons,
      primaryClub: { id: primaryClub.id, name: primaryClub.name },
      coach1: { id: coach1.id, firstname: coach1.firstname, lastname: coach1.lastname },
      coach2: { id: coach2.id, firstname: coach2.firstname, lastname: coach2.lastname },
    })
    .from(persons)
    .leftJoin(primaryClub, eq(primaryClub.id, persons.primaryClubId))
    .leftJoin(coach1, eq(coach1.id, persons.coach1Id))
    .leftJoin(coach2, eq(coach2.id, persons.coach2Id))
    .where(eq(persons.id, params.personId));
  return row;
}

export async function findOwnLists(db: DbOrTx, params: { personId: string }) {
  const { personId } = params;
  const [spokenLanguages, mentoringAreas] = await Promise.all([
    db
      .select({ languageCode: personSpokenLanguages.languageCode })
      .from(personSpokenLanguages)
      .where(eq(personSpokenLanguages.personId, personId))
      .orderBy(asc(personSpokenLanguages.languageCode)),
    db
      .select({ personMentoringType: personMentoringAreas.personMentoringType })
      .from(personMentoringAreas)
      .where(eq(personMentoringAreas.personId, personId))
      .orderBy(asc(personMentoringAreas.personMentoringType)),
  ]);
  return { spokenLanguages, mentoringAreas };
}

export async function findOwnAccount(db: DbOrTx, params: { personId: string }) {
  const [account] = await db
    .select({
      username: userAccounts.username,
      acceptedTermsAt: userAccounts.acceptedTermsAt,
      isAdmin: userAccounts.isAdmin,
      isCentralCommittee: userAccounts.isCentralCommittee,
      failedLoginCount: userAccounts.failedLoginCount,
      lockedUntil: userAccounts.lockedUntil,
      passwordChangedAt: userAccounts.passwordChangedAt,
      createdAt: userAccounts.createdAt,
      updatedAt: userAccounts.updatedAt,
    })
    .from(userAccounts)
    .where(eq(userAccounts.personId, params.personId));
  const links = await db
    .select({
      purpose: passwordTokens.purpose,
      createdAt: passwordTokens.createdAt,
      expiresAt: passwordTokens.expiresAt,
      usedAt: passwordTokens.usedAt,
    })
    .from(passwordTokens)
    .where(eq(passwordTokens.personId, params.personId))
    .orderBy(asc(passwordTokens.createdAt));
  return { account: account ?? null, passwordLinks: links };
}

/** Her addresses with their e-mails, phones and URLs (at most 20 of each per address). */
export async function findOwnAddresses(db: DbOrTx, params: { personId: string }) {
  const { personId } = params;
  const [rows, emails, phones, urls] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.personId, personId)).orderBy(asc(addresses.label)),
    db.select().from(addressEmails).where(eq(addressEmails.personId, personId)).orderBy(asc(addressEmails.value)),
    db.select().from(addressPhones).where(eq(addressPhones.personId, personId)).orderBy(asc(addressPhones.value)),
    db.select().from(addressUrls).where(eq(addressUrls.personId, personId)).orderBy(asc(addressUrls.value)),
  ]);
  const entriesOf = <T extends { addressId: string }>(list: T[], addressId: string) =>
    list.filter((entry) => entry.addressId === addressId);
  return rows.map((address) => ({
    ...address,
    emails: entriesOf(emails, address.id),
    phones: entriesOf(phones, address.id),
    urls: entriesOf(urls, address.id),
  }));
}

export async function findOwnClubRelations(db: DbOrTx, params: { personId: string }) {
  return db
    .select({
      id: clubRelations.id,
      club: { id: clubs.id, name: clubs.name, clubType: clubs.clubType },
      type: clubRelations.type,
      membershipTypeLabel: clubRelations.membershipTypeLabel,
      from: clubRelations.from,
      to: clubRelations.to,
      createdAt: clubRelations.createdAt,
      updatedAt: clubRelations.updatedAt,
    })
    .from(clubRelations)
    .innerJoin(clubs, eq(clubs.id, clubRelations.clubId))
    .where(eq(clubRelations.personId, params.personId))
    .orderBy(asc(clubRelations.from), asc(clubRelations.id));
}

export async function findOwnSubscriptions(db: DbOrTx, params: { personId: string }) {
  return db
    .select({
      notificationType: notificationSubscriptions.notificationType,
      club: { id: clubs.id, name: clubs.name },
      isApplicationEnabled: notificationSubscriptions.isApplicationEnabled,
      isEmailEnabled: notificationSubscriptions.isEmailEnabled,
    })
    .from(notificationSubscriptions)
    .leftJoin(clubs, eq(clubs.id, notificationSubscriptions.clubId))
    .where(eq(notificationSubscriptions.personId, params.personId))
    .orderBy(asc(notificationSubscriptions.notificationType), asc(clubs.name));
}

/** Her avatar and competence logos: what is stored about the images (the images have their own calls). */
export async function findOwnFiles(db: DbOrTx, params: { fileIds: string[] }) {
  if (params.fileIds.length === 0) return [];
  return db
    .select({
      id: storedFiles.id,
      kind: storedFiles.kind,
      mimeType: storedFiles.mimeType,
      byteSize: storedFiles.byteSize,
      width: storedFiles.width,
      height: storedFiles.height,
      createdAt: storedFiles.createdAt,
    })
    .from(storedFiles)
    .where(inArray(storedFiles.id, params.fileIds));
}
