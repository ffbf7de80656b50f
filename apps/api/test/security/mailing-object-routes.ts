import { RegistrationState } from '@bpw/domain/enums/registration';
import type { MailingAudience } from '@bpw/domain/schemas/mailing';
import {
  giveEmail,
  seedListRecipient,
  seedMailing,
  seedMailingAttachment,
  seedMailingList,
  seedSubscription,
} from '../../src/features/mailings/mailing-test-support';
import { unsubscribeTokenSigner } from '../../src/features/mailings/unsubscribe-token';
import { multipartBody } from '../uploads';
import { eventIn } from './event-fixtures';
import { type Target, personIn } from './object-fixtures';
import type { ObjectCase } from './object-routes';
import type { Role, SecurityWorld } from './security-world';

/**
 * Issue 18 (docs/decisions/mailings.md): a mailing is for whoever may write to its audience, from
 * current data: a club mailing is its club's database managers' (clubManager) and the admins',
 * an event mailing its event's managers' and the admins' (a club manager who is no event manager
 * does not see it). Here an object "of a club" is a mailing to the club's members; `hidden` is
 * instead a mailing to the registrations of a Planning event of the club (the event managers').
 *
 * A list is managed by its club's database managers and the admins; an open one is seen and
 * joined by the members of its club (the event manager here is no member of club A). `hidden` is
 * a closed list: only its managers see it. Leaving is self-service on any list (idempotent).
 * The unsubscribe link is anonymous: its token is the credential.
 */
const everyone: readonly Role[] = ['anonymous', 'member', 'clubManager', 'eventManager', 'centralCommittee', 'admin'];
const signedIn: readonly Role[] = ['member', 'clubManager', 'eventManager', 'centralCommittee', 'admin'];
const managers: readonly Role[] = ['clubManager', 'admin'];
const eventManagers: readonly Role[] = ['eventManager', 'admin'];
const admins: readonly Role[] = ['admin'];
/** The members of club A and its managers: who sees and joins an open list of club A. */
const listMembers: readonly Role[] = ['member', 'clubManager', 'centralCommittee', 'admin'];

const texts = [{ language: 'de' as const, subject: 'Sicherheit', body: 'Hallo {firstName}' }];

/** A club mailing (`at.state` 0) or an event mailing of a Planning event (90) of the club. */
async function mailingAt(
  w: SecurityWorld,
  at: Target,
  state: 'draft' | 'sending' = 'draft',
): Promise<{ id: string; audience: MailingAudience }> {
  const audience: MailingAudience =
    at.state === 0
      ? { kind: 'club', clubId: at.clubId }
      : { kind: 'event', eventId: await eventIn(w, at), registrationStates: [RegistrationState.Confirmed] };
  return { id: await seedMailing(w.db, { clubId: at.clubId, audience, state, texts }), audience };
}

/** The composers get a primary e-mail once (the test mail goes there). */
const withOwnEmails = new WeakMap<SecurityWorld, Promise<void>>();
const ownEmails = (w: SecurityWorld) => {
  let done = withOwnEmails.get(w);
  if (!done) {
    done = (async () => {
      for (const role of ['clubManager', 'eventManager', 'admin'] as const) await giveEmail(w.db, w.actors[role].id);
    })();
    withOwnEmails.set(w, done);
  }
  return done;
};

const mailingRoles = { own: managers, other: admins, hidden: { own: eventManagers, other: admins } };

/** A row for a mailing route: `path` after /mailing/{id}. */
const mailingCase = (
  path: string,
  options: { state?: 'draft' | 'sending'; payload?: (audience: MailingAudience) => object } = {},
): ObjectCase => ({
  ...mailingRoles,
  build: async (w, at) => {
    const { id, audience } = await mailingAt(w, at, options.state);
    return { url: `/api/v1/mailing/${id}${path}`, ...(options.payload ? { payload: options.payload(audience) } : {}) };
  },
});

/** A mailing with an attachment, the attachment of another club's mailing as the foreign child. */
const attachmentCase: ObjectCase = {
  ...mailingRoles,
  build: async (w, at) => {
    const { id } = await mailingAt(w, at);
    return { url: `/api/v1/mailing/${id}/attachment/${await seedMailingAttachment(w.db, id)}` };
  },
  foreignChild: async (w) => {
    const { id } = await mailingAt(w, { clubId: w.clubA, state: 0 });
    const foreign = await mailingAt(w, { clubId: w.clubC, state: 0 });
    return { url: `/api/v1/mailing/${id}/attachment/${await seedMailingAttachment(w.db, foreign.id)}` };
  },
};

/** An open list of the club (`at.state` 0) or a closed one (90). */
const listAt = (w: SecurityWorld, at: Target) => seedMailingList(w.db, { clubId: at.clubId, isOpen: at.state === 0 });

const managedList = { own: managers, other: admins, hidden: { own: managers, other: admins } };

/** A member of the club (active: archived persons are nobody's subscribers), also for a closed list. */
const memberOf = (w: SecurityWorld, at: Target) => personIn(w, { clubId: at.clubId, state: 0 });

/** A list mailing's recipient (the person on the list): her unsubscribe token. */
async function unsubscribeTokenAt(w: SecurityWorld, at: Target) {
  const listId = await listAt(w, { clubId: at.clubId, state: 0 });
  const recipientId = await seedListRecipient(w.db, { listId, clubId: at.clubId, personId: await memberOf(w, at) });
  return (await unsubscribeTokenSigner(w.db))(String(recipientId));
}

/**
 * The token of the caller's own recipient row with the id of someone else's (the victim's, on a
 * list of club C): a MAC is good for its own row only.
 */
async function swappedToken(w: SecurityWorld, self: string) {
  const sign = await unsubscribeTokenSigner(w.db);
  const ownList = await listAt(w, { clubId: w.clubA, state: 0 });
  const own = sign(String(await seedListRecipient(w.db, { listId: ownList, clubId: w.clubA, personId: self })));
  const victimList = await listAt(w, { clubId: w.clubC, state: 0 });
  const victims = await seedListRecipient(w.db, { listId: victimList, clubId: w.clubC, personId: w.victim.id });
  return `${victims}.${own.split('.')[1]}`;
}

export const mailingObjectCases: Record<string, ObjectCase> = {
  'GET /api/v1/mailing/:id': mailingCase(''),
  'PUT /api/v1/mailing/:id': {
    ...mailingCase('', { payload: (audience) => ({ audience, isAdvertising: false, texts }) }),
    // Her own club's mailing, turned to another club's members.
    foreignChild: async (w) => ({
      url: `/api/v1/mailing/${(await mailingAt(w, { clubId: w.clubA, state: 0 })).id}`,
      payload: { audience: { kind: 'club', clubId: w.clubC }, isAdvertising: false, texts },
    }),
    foreignChildAllowed: admins,
  },
  'DELETE /api/v1/mailing/:id': mailingCase(''),
  'POST /api/v1/mailing/:id/attachment': {
    ...mailingRoles,
    build: async (w, at) => ({
      url: `/api/v1/mailing/${(await mailingAt(w, at)).id}/attachment`,
      ...(await multipartBody('file', Buffer.from('Traktanden\n'), {
        filename: 'traktanden.txt',
        contentType: 'text/plain',
      })),
    }),
  },
  'GET /api/v1/mailing/:id/attachment/:attachmentId': attachmentCase,
  'DELETE /api/v1/mailing/:id/attachment/:attachmentId': attachmentCase,
  'GET /api/v1/mailing/:id/preview': mailingCase('/preview'),
  'POST /api/v1/mailing/:id/test': {
    ...mailingRoles,
    build: async (w, at) => {
      await ownEmails(w);
      return { url: `/api/v1/mailing/${(await mailingAt(w, at)).id}/test`, payload: {} };
    },
  },
  'POST /api/v1/mailing/:id/send': mailingCase('/send'),
  'GET /api/v1/mailing/:id/progress': mailingCase('/progress', { state: 'sending' }),
  'GET /api/v1/mailing/:id/recipient': mailingCase('/recipient', { state: 'sending' }),
  'POST /api/v1/mailing/:id/cancel': mailingCase('/cancel', { state: 'sending' }),

  'GET /api/v1/mailing-list/:id': {
    own: listMembers,
    other: admins,
    hidden: { own: managers, other: admins },
    build: async (w, at) => ({ url: `/api/v1/mailing-list/${await listAt(w, at)}` }),
  },
  'PUT /api/v1/mailing-list/:id': {
    ...managedList,
    build: async (w, at) => ({
      url: `/api/v1/mailing-list/${await listAt(w, at)}`,
      payload: { clubId: at.clubId, name: 'Sicherheit', description: '', isOpen: at.state === 0 },
    }),
    // Her own club's list, moved to another club: a list stays with its club (400, admins too).
    foreignChild: async (w) => ({
      url: `/api/v1/mailing-list/${await listAt(w, { clubId: w.clubA, state: 0 })}`,
      payload: { clubId: w.clubC, name: 'Sicherheit', description: '', isOpen: true },
    }),
  },
  'DELETE /api/v1/mailing-list/:id': {
    ...managedList,
    build: async (w, at) => ({ url: `/api/v1/mailing-list/${await listAt(w, at)}` }),
  },
  'GET /api/v1/mailing-list/:id/subscriber': {
    ...managedList,
    build: async (w, at) => {
      const listId = await listAt(w, at);
      await seedSubscription(w.db, listId, await memberOf(w, at));
      return { url: `/api/v1/mailing-list/${listId}/subscriber` };
    },
  },
  'POST /api/v1/mailing-list/:id/subscriber': {
    ...managedList,
    build: async (w, at) => ({
      url: `/api/v1/mailing-list/${await listAt(w, at)}/subscriber`,
      payload: { personId: await memberOf(w, at) },
    }),
    // Her own club's list, a person of another club (no relation with the list's club): 400.
    foreignChild: async (w) => ({
      url: `/api/v1/mailing-list/${await listAt(w, { clubId: w.clubA, state: 0 })}/subscriber`,
      payload: { personId: w.victim.id },
    }),
  },
  'DELETE /api/v1/mailing-list/:id/subscriber/:personId': {
    ...managedList,
    build: async (w, at) => {
      const listId = await listAt(w, at);
      const personId = await memberOf(w, at);
      await seedSubscription(w.db, listId, personId);
      return { url: `/api/v1/mailing-list/${listId}/subscriber/${personId}` };
    },
  },
  // Self-service: she joins an open list of her club; a closed one only its managers join.
  'POST /api/v1/mailing-list/:id/subscription': {
    own: listMembers,
    other: admins,
    hidden: { own: managers, other: admins },
    build: async (w, at) => ({ url: `/api/v1/mailing-list/${await listAt(w, at)}/subscription` }),
  },
  // Leaving is always allowed (for a list she is not on, it changes nothing).
  'DELETE /api/v1/mailing-list/:id/subscription': {
    own: signedIn,
    other: signedIn,
    hidden: { own: signedIn, other: signedIn },
    build: async (w, at) => ({ url: `/api/v1/mailing-list/${await listAt(w, at)}/subscription` }),
  },

  // The token is the credential (no sign-in): whoever holds a real one; a made-up one is a 404.
  'GET /api/v1/mailing-unsubscribe/:token': {
    own: everyone,
    other: everyone,
    build: async (w, at) => ({ url: `/api/v1/mailing-unsubscribe/${await unsubscribeTokenAt(w, at)}` }),
    foreignChild: async (w, self) => ({ url: `/api/v1/mailing-unsubscribe/${await swappedToken(w, self)}` }),
  },
  'POST /api/v1/mailing-unsubscribe/:token': {
    own: everyone,
    other: everyone,
    build: async (w, at) => ({ url: `/api/v1/mailing-unsubscribe/${await unsubscribeTokenAt(w, at)}` }),
    foreignChild: async (w, self) => ({ url: `/api/v1/mailing-unsubscribe/${await swappedToken(w, self)}` }),
  },
};
