import { applicationForms, membershipApplications } from '../../src/db/schema/applications';
import { hashToken, newOpaqueToken } from '../../src/platform/auth/secure-tokens';
import { uniqueSuffix } from '../factories';
import type { ObjectCase } from './object-routes';
import type { Role, SecurityWorld } from './security-world';

/**
 * Issue 25 (docs/decisions/applications.md): a club's form and applications are its managers'
 * (database responsible) and the admins'; a published form and applying to it are everyone's.
 */
const everyone: readonly Role[] = ['anonymous', 'member', 'clubManager', 'eventManager', 'centralCommittee', 'admin'];
const managers: readonly Role[] = ['clubManager', 'admin'];
const admins: readonly Role[] = ['admin'];

const formBody = { isPublished: true, membershipTypes: [0, 1] };

/** A published form of the club: the club id. */
async function publishedForm(w: SecurityWorld, clubId: string) {
  const values = {
    isPublished: true,
    intro: { de: '', fr: '', it: '', en: '' },
    membershipTypes: [0, 1],
    questions: [],
  };
  await w.db
    .insert(applicationForms)
    .values({ clubId, ...values })
    .onConflictDoUpdate({ target: applicationForms.clubId, set: values });
  return clubId;
}

const applicationBody = () => ({
  firstname: 'Sicher',
  lastname: `Antrag ${uniqueSuffix()}`,
  birthday: '1985-03-04',
  languageCode: 'de',
  street: 'Bundesgasse 3',
  zip: '3011',
  city: 'Bern',
  email: `security-${uniqueSuffix()}@example.test`,
  membershipType: 0,
  hasAcceptedTerms: true,
});

/** A confirmed application to the club: its id. */
export async function applicationOf(w: SecurityWorld, clubId: string) {
  const now = new Date();
  const [row] = await w.db
    .insert(membershipApplications)
    .values({
      ...applicationBody(),
      clubId,
      state: 1,
      answers: [],
      decisions: [],
      keyHash: hashToken(newOpaqueToken()),
      createdAt: now,
      confirmedAt: now,
      linkMailedAt: now,
    })
    .returning({ id: membershipApplications.id });
  return row!.id;
}

export const applicationObjectCases: Record<string, ObjectCase> = {
  'GET /api/v1/club/:id/application-form': {
    own: managers,
    other: admins,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}/application-form` }),
  },
  'PUT /api/v1/club/:id/application-form': {
    own: managers,
    other: admins,
    build: async (_w, at) => ({ url: `/api/v1/club/${at.clubId}/application-form`, payload: formBody }),
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
      const now = new Date();
      await w.db.insert(membershipApplications).values({
        ...applicationBody(),
        clubId: at.clubId,
        answers: [],
        decisions: [],
        keyHash: hashToken(key),
        createdAt: now,
        expiresAt: new Date(now.getTime() + 3_600_000),
        linkMailedAt: now,
      });
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
