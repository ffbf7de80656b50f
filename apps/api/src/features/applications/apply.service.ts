import { checkCustomFieldValues } from '@bpw/domain/custom-field-values';
import { NotificationType } from '@bpw/domain/enums/notification';
import {
  type ApplicationConfirmed,
  type ApplicationData,
  ApplicationState,
  questionsAsFields,
} from '@bpw/domain/schemas/application';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { Tx } from '../../db/client';
import { findAdminIds, findClubManagerIds } from '../../platform/auth/role-holders.queries';
import { hashToken, newOpaqueToken } from '../../platform/auth/secure-tokens';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { withNotifications } from '../notifications/notify.service';
import { getPublishedForm } from './application-forms.service';
import { clubLabel, languageOrDefault, renderConfirmMail } from './application-mails';
import {
  type ApplicationRow,
  findApplicationByKeyHash,
  findClubName,
  findOpenApplicationOf,
  insertApplication,
  markConfirmed,
  renewApplicationLink,
} from './applications.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'outbox' | 'realtime'>;

/** Issue 25: an unconfirmed application expires after 48 hours (the expiry job deletes it). */
export const CONFIRM_HOURS = 48;
const HOUR_MS = 3_600_000;
/** A repeated application mails the link again at most once in this time (no mail bombing). */
export const REPEATED_MAIL_INTERVAL_MS = 10 * 60_000;

export const confirmLinkOf = (publicUrl: string, key: string) => `${publicUrl}/apply/confirm/${key}`;
/** Where the managers decide: the club page (its Applications tab), or the association's list. */
export const pendingListLinkOf = (publicUrl: string, clubId: string | null) =>
  clubId === null ? `${publicUrl}/applications` : `${publicUrl}/clubs/${clubId}`;

/**
 * POST application-public(/{id}). Every well-formed application gets the same answer (202, no
 * body): a new one, one for an address that already applied (its owner gets her link again), one
 * of an address the association knows, and one a robot sent through the honeypot (stored and
 * mailed nowhere). Nothing is stored but the application row; the link key is only in the mail.
 */
export async function applyForMembership(deps: Deps, clubId: string | null, body: ApplicationData): Promise<void> {
  const form = await getPublishedForm(deps, clubId);
  // The honeypot: after the form check, so a robot cannot tell published forms from others by it.
  if (body.website?.trim()) return;
  if (!form.membershipTypes.includes(body.membershipType)) {
    throw badRequest({ key: 'validation.invalid', params: { field: 'membershipType' } });
  }
  const answers = body.answers.map((x) => ({ eventCustomFieldId: x.questionId, value: x.value ?? null }));
  const checked = checkCustomFieldValues(questionsAsFields(form.questions), answers, { audience: 'guest' });
  if (checked.issues.length) {
    throw badRequest(
      ...checked.issues.map((i) => ({
        key: `validation.${i.code}`,
        params: { field: i.field === 'eventCustomFieldValues' ? 'answers' : i.field },
      })),
    );
  }
  const now = deps.now();
  const key = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + CONFIRM_HOURS * HOUR_MS);
  const mail = (isRepeated: boolean) =>
    renderConfirmMail({
      to: body.email,
      name: `${body.firstname} ${body.lastname}`,
      language: body.languageCode,
      clubName: form.clubName,
      link: confirmLinkOf(deps.config.publicUrl, key),
      isRepeated,
    });
  await deps.db.transaction(async (tx) => {
    const existing = await findOpenApplicationOf(tx, { clubId, email: body.email });
    if (existing) {
      const isDue = now.getTime() - existing.linkMailedAt.getTime() >= REPEATED_MAIL_INTERVAL_MS;
      if (existing.state !== ApplicationState.unconfirmed || !isDue) return;
      const mailId = await queueMail(tx, mail(true));
      await renewApplicationLink(tx, { id: existing.id, keyHash: hashToken(key), now, expiresAt, mailId });
      return;
    }
    const mailId = await queueMail(tx, mail(false));
    await insertApplication(tx, {
      mailId,
      clubId,
      firstname: body.firstname,
      lastname: body.lastname,
      birthday: body.birthday,
      languageCode: body.languageCode,
      street: body.street,
      zip: body.zip,
      city: body.city,
      countryCode: body.countryCode,
      email: body.email,
      phone: body.phone ?? null,
      membershipType: body.membershipType,
      advertising: body.advertising,
      answers: checked.values.map((v) => ({
        questionId: v.eventCustomFieldId,
        title: form.questions.find((q) => q.id === v.eventCustomFieldId)!.title,
        value: v.value,
      })),
      keyHash: hashToken(key),
      createdAt: now,
      expiresAt,
    });
  });
  deps.outbox.kick();
}

/** Who decides: the club's database managers today, or (no club) the association's admins. */
const decidersOf = (tx: Tx, application: ApplicationRow, now: Date) =>
  application.clubId === null
    ? findAdminIds(tx)
    : findClubManagerIds(tx, { clubId: application.clubId, today: isoDateInSwitzerland(now) });

/**
 * PUT application-public/{key}/confirm: her address is hers. Pending from now on, and the club's
 * database managers get a notification and a mail (in their languages). Pressed again it changes
 * nothing; after 48 hours the link has expired.
 */
export async function confirmApplication(deps: Deps, key: string): Promise<ApplicationConfirmed> {
  const application = await findApplicationByKeyHash(deps.db, { keyHash: hashToken(key) });
  if (!application) throw notFound();
  const clubName =
    application.clubId === null ? null : ((await findClubName(deps.db, { clubId: application.clubId })) ?? null);
  if (application.state !== ApplicationState.unconfirmed) return { clubName };
  const now = deps.now();
  if (application.expiresAt !== null && application.expiresAt <= now) throw conflict('error.applicationExpired');
  await withNotifications(deps, async (tx, notify) => {
    if (!(await markConfirmed(tx, { id: application.id, now }))) return;
    const personIds = await decidersOf(tx, application, now);
    const language = languageOrDefault(application.languageCode);
    await notify.persons({
      personIds,
      clubId: application.clubId,
      type: NotificationType.MembershipApplicationReceived,
      text: {
        params: {
          name: `${application.firstname} ${application.lastname}`,
          club: clubLabel(language, clubName),
        },
      },
      link: pendingListLinkOf(deps.config.publicUrl, application.clubId),
      isEmailByDefault: true,
      // The applicant is no person yet: the notices name the application until it is accepted.
      aboutId: application.id,
    });
  });
  return { clubName };
}
