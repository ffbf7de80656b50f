import { randomUUID } from 'node:crypto';
import { addresses } from '../../src/db/schema/addresses';
import { importUploads } from '../../src/db/schema/imports';
import { jobs } from '../../src/db/schema/jobs';
import { notificationSubscriptions, notifications } from '../../src/db/schema/notifications';
import { passkeys, signInSessions } from '../../src/db/schema/second-factors';
import { createClub, createMembership, createPerson, uniqueSuffix } from '../factories';
import { makePng, multipartBody } from '../uploads';
import type { SecurityWorld } from './security-world';

/** The objects the object-level battery calls for: each made fresh, in the club it is asked for. */

/** Where a fresh object belongs: a club, and whether it is hidden (90: an archived person, a Planning event). */
export type Target = { clubId: string; state: 0 | 90 };

export const personIn = async (w: SecurityWorld, at: Target) =>
  (await createPerson(w.db, { clubId: at.clubId, state: at.state })).id;

export async function addressOf(w: SecurityWorld, personId: string) {
  const [row] = await w.db
    .insert(addresses)
    .values({ personId, label: `Security ${uniqueSuffix()}`, addressType: 10 })
    .returning({ id: addresses.id });
  return row!.id;
}

export async function notificationOf(w: SecurityWorld, personId: string) {
  const [row] = await w.db
    .insert(notifications)
    .values({ personId, title: 'Security', content: '<p>Security</p>', notificationType: 1, channel: 2 })
    .returning({ id: notifications.id });
  return row!.id;
}

export async function subscriptionOf(w: SecurityWorld, personId: string) {
  const [row] = await w.db
    .insert(notificationSubscriptions)
    .values({ personId, clubId: (await createClub(w.db)).id, notificationType: 2 })
    .returning({ id: notificationSubscriptions.id });
  return row!.id;
}

export const relationOf = async (w: SecurityWorld, personId: string, clubId: string) =>
  (await createMembership(w.db, { personId, clubId, type: 'interested' })).id;

let pngCache: Promise<Buffer> | undefined;
/** A small real PNG as a multipart body of `field`. */
export const pngUpload = async (field: string) => multipartBody(field, await (pngCache ??= makePng(320, 320)));

/** Uploads an avatar as the admin, so the GET calls find one. */
export async function withAvatar(w: SecurityWorld, personId: string) {
  const res = await w.call('admin', {
    method: 'POST',
    url: `/api/v1/person/${personId}/avatar`,
    ...(await pngUpload('Avatar')),
  });
  if (res.statusCode !== 201) throw new Error(`avatar upload failed: ${res.statusCode} ${res.body}`);
  return personId;
}

/** A competence logo on a fresh business address of the person, uploaded as the admin. */
export async function addressWithLogo(w: SecurityWorld, personId: string) {
  const addressId = await addressOf(w, personId);
  const res = await w.call('admin', {
    method: 'POST',
    url: `/api/v1/person/${personId}/address/${addressId}/competence-logo`,
    ...(await pngUpload('CompetenceLogo')),
  });
  if (res.statusCode !== 201) throw new Error(`logo upload failed: ${res.statusCode} ${res.body}`);
  return addressId;
}

/** A route path with every `:param` replaced by a random UUID (an object that does not exist). */
export const withMissingIds = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());

/** A passkey of a person (issue 21): a stored credential, never used. */
export async function passkeyOf(w: SecurityWorld, personId: string) {
  const [row] = await w.db
    .insert(passkeys)
    .values({ personId, credentialId: `cred-${uniqueSuffix()}`, publicKey: 'AAAA', name: 'Security key' })
    .returning({ id: passkeys.id });
  return row!.id;
}

/** A live sign-in of a person (issue 21), as the sessions page lists it. */
export async function signInSessionOf(w: SecurityWorld, personId: string) {
  const chainId = randomUUID();
  const now = new Date();
  await w.db.insert(signInSessions).values({
    chainId,
    personId,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + 86_400_000),
  });
  return chainId;
}

/** Issue 16: an uploaded spreadsheet of this person, with a finished job (both hers alone). */
export async function importOf(w: SecurityWorld, personId: string) {
  const [job] = await w.db
    .insert(jobs)
    .values({ kind: 'import', ownerPersonId: personId, state: 'done', params: {} })
    .returning({ id: jobs.id });
  const [upload] = await w.db
    .insert(importUploads)
    .values({
      ownerPersonId: personId,
      fileName: 'members.csv',
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ';',
      headers: ['Vorname', 'Nachname'],
      rowCount: 1,
      content: Buffer.from('Vorname;Nachname\r\nAnna;Muster\r\n'),
      jobId: job!.id,
    })
    .returning({ id: importUploads.id });
  return { uploadId: upload!.id, jobId: job!.id };
}
