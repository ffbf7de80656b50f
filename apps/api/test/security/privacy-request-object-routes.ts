import { erasureRequests, leaveRequests } from '../../src/db/schema/privacy-requests';
import { createPerson } from '../factories';
import type { ObjectCase } from './object-routes';
import type { Role, SecurityWorld } from './security-world';

/**
 * Issue 25 (docs/decisions/erasure.md): a leave request is decided by its club's managers and the
 * admins, withdrawn only by the member who asked; an erasure request is decided by admins.
 */
const managers: readonly Role[] = ['clubManager', 'admin'];
const admins: readonly Role[] = ['admin'];
const nobody: readonly Role[] = [];

/** A pending leave request of a fresh member of the club: its id. */
export async function leaveRequestOf(w: SecurityWorld, clubId: string) {
  const person = await createPerson(w.db, { clubId });
  const [row] = await w.db
    .insert(leaveRequests)
    .values({ personId: person.id, clubId, wishedEnd: '2099-12-31' })
    .returning({ id: leaveRequests.id });
  return row!.id;
}

/** A pending erasure request of a fresh member of the club: her id. */
export async function erasureRequestOf(w: SecurityWorld, clubId: string) {
  const person = await createPerson(w.db, { clubId });
  await w.db.insert(erasureRequests).values({ personId: person.id });
  return person.id;
}

export const privacyRequestObjectCases: Record<string, ObjectCase> = {
  // Another member's request is unknown to everyone but her (404).
  'DELETE /api/v1/person/me/leave-request/:id': {
    own: nobody,
    other: nobody,
    build: async (w, at) => ({ url: `/api/v1/person/me/leave-request/${await leaveRequestOf(w, at.clubId)}` }),
  },
  'GET /api/v1/club/:id/leave-request': {
    own: managers,
    other: admins,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}/leave-request` }),
  },
  'PUT /api/v1/leave-request/:id/confirm': {
    own: managers,
    other: admins,
    build: async (w, at) => ({
      url: `/api/v1/leave-request/${await leaveRequestOf(w, at.clubId)}/confirm`,
      payload: {},
    }),
  },
  'PUT /api/v1/leave-request/:id/decline': {
    own: managers,
    other: admins,
    build: async (w, at) => ({
      url: `/api/v1/leave-request/${await leaveRequestOf(w, at.clubId)}/decline`,
      payload: { reason: 'Sicherheit' },
    }),
  },
  'PUT /api/v1/erasure-request/:id/execute': {
    own: admins,
    other: admins,
    build: async (w, at) => ({ url: `/api/v1/erasure-request/${await erasureRequestOf(w, at.clubId)}/execute` }),
  },
  'PUT /api/v1/erasure-request/:id/decline': {
    own: admins,
    other: admins,
    build: async (w, at) => ({
      url: `/api/v1/erasure-request/${await erasureRequestOf(w, at.clubId)}/decline`,
      payload: { reason: 'Sicherheit' },
    }),
  },
};
