import {
  applicationBody,
  formBody,
  insertApplication,
  publishFormInDb,
} from '../../src/features/applications/application-test-support';
import { hashToken, newOpaqueToken } from '../../src/platform/auth/secure-tokens';
import type { ObjectCase } from './object-routes';
import type { Role, SecurityWorld } from './security-world';

/**
 * Issue 25 (docs/decisions/applications.md): a club's form and applications are its managers'
 * (database responsible) and the admins'; a published form and applying to it are everyone's.
 */
const everyone: readonly Role[] = ['anonymous', 'member', 'clubManager', 'eventManager', 'centralCommittee', 'admin'];
const managers: readonly Role[] = ['clubManager', 'admin'];
const admins: readonly Role[] = ['admin'];

/** A confirmed application to the club: its id. */
export const applicationOf = (w: SecurityWorld, clubId: string) => insertApplication(w.db, clubId);

/** A published form of the club: the club id. */
const publishedForm = (w: SecurityWorld, clubId: string) => publishFormInDb(w.db, clubId);

export const applicationObjectCases: Record<string, ObjectCase> = {
  'GET /api/v1/club/:id/application-form': {
    own: managers,
    other: admins,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}/application-form` }),
  },
  'PUT /api/v1/club/:id/application-form': {
    own: managers,
    other: admins,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}/application-form`, payload: formBody() }),
  },
  'GET /api/v1/application-form-public/:id': {
    own: everyone,
    other: everyone,
    build: async (w, at) => ({ url: `/api/v1/application-form-public/${await publishedForm(w, at.clubId)}` }),
  },
  'POST /api/v1/application-public/:id': {
    own: everyone,
    other: everyone,
    build: async (w, at) => ({
      url: `/api/v1/application-public/${await publishedForm(w, at.clubId)}`,
      payload: applicationBody(),
    }),
  },
  'PUT /api/v1/application-public/:key/confirm': {
    own: everyone,
    other: everyone,
    build: async (w, at) => {
      const key = newOpaqueToken();
      await insertApplication(w.db, at.clubId, { keyHash: hashToken(key), isConfirmed: false });
      return { url: `/api/v1/application-public/${key}/confirm` };
    },
  },
  'GET /api/v1/club/:id/application': {
    own: managers,
    other: admins,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}/application` }),
  },
  'PUT /api/v1/application/:id/accept': {
    own: managers,
    other: admins,
    build: async (w, at) => ({
      url: `/api/v1/application/${await applicationOf(w, at.clubId)}/accept`,
      payload: { membershipType: 0, from: '2026-12-01' },
    }),
  },
  'PUT /api/v1/application/:id/reject': {
    own: managers,
    other: admins,
    build: async (w, at) => ({
      url: `/api/v1/application/${await applicationOf(w, at.clubId)}/reject`,
      payload: { reason: 'Sicherheit' },
    }),
  },
  'PUT /api/v1/application/:id/ask': {
    own: managers,
    other: admins,
    build: async (w, at) => ({
      url: `/api/v1/application/${await applicationOf(w, at.clubId)}/ask`,
      payload: { question: 'Sicherheit?' },
    }),
  },
};
