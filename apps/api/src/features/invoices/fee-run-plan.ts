import { InvoiceDelivery } from '@bpw/domain/enums/invoice';
import { type LanguageCode, languageCodeEnum, localeOfLanguage } from '@bpw/domain/enums/language';
import {
  type FeeRunOmissionReason,
  clubFeeFor,
  dueDateFor,
  isYoungForFeeYear,
  nationalFeeFor,
} from '@bpw/domain/invoice-fees';
import { CourierType } from '@bpw/domain/enums/person-fields';
import { MembershipType } from '@bpw/domain/enums/membership-type';
import type { DbOrTx } from '../../db/client';
import { translate } from '../../platform/i18n';
import {
  type FeeCandidateRow,
  type NationalFeeRow,
  type NewInvoice,
  type ScheduleRow,
  type SettingsRow,
  findClub,
  findClubs,
  findFeeCandidates,
  findNationalFee,
  findSchedule,
  findSettings,
} from './invoices.queries';

/**
 * Issue 17: what a fee run does for one person (docs/decisions/invoices.md). The preview and the
 * run's job both use `decide`, so the preview shows exactly what the run will create.
 */
export type ClubContext = {
  clubId: string;
  clubName: string;
  settings: SettingsRow;
  schedule: ScheduleRow;
  nationalFee: NationalFeeRow | undefined;
};

export type ClubSkip = { clubId: string; clubName: string; reason: 'noSettings' | 'noSchedule' };

/** The club's settings and schedule for the year, or why the club cannot be invoiced. */
export async function loadClubContext(
  db: DbOrTx,
  params: { clubId: string; year: number; nationalFee?: NationalFeeRow | undefined | null },
): Promise<ClubContext | ClubSkip | undefined> {
  const club = await findClub(db, { id: params.clubId });
  if (!club) return undefined;
  const settings = await findSettings(db, { clubId: club.id });
  if (!settings) return { clubId: club.id, clubName: club.name, reason: 'noSettings' };
  const schedule = await findSchedule(db, { clubId: club.id, year: params.year });
  if (!schedule) return { clubId: club.id, clubName: club.name, reason: 'noSchedule' };
  const nationalFee =
    params.nationalFee === null ? await findNationalFee(db, { year: params.year }) : params.nationalFee;
  return { clubId: club.id, clubName: club.name, settings, schedule, nationalFee };
}

export const isSkip = (value: ClubContext | ClubSkip): value is ClubSkip => 'reason' in value;

/** The clubs of a run: one, or all (ordered by id, so a resumed run walks them in the same order). */
export async function clubIdsOfRun(db: DbOrTx, clubId: string | null): Promise<string[]> {
  if (clubId) return [clubId];
  return (await findClubs(db, {})).map((c) => c.id).sort();
}

const languageOf = (code: string): LanguageCode => (languageCodeEnum.is(code) ? code : 'de');

const nameOf = (c: Pick<FeeCandidateRow, 'firstname' | 'lastname'>) =>
  [c.firstname?.trim(), c.lastname.trim()].filter(Boolean).join(' ');

export type Decision =
  | {
      invoice: Omit<NewInvoice, 'feeRunId' | 'createdBy' | 'now'>;
      clubFeeCentimes: number;
      nationalFeeCentimes: number;
    }
  | { omitted: FeeRunOmissionReason };

/**
 * One candidate: left out (not active in the year or archived; already invoiced; nothing to pay;
 * no usable correspondence address), else her invoice.
 */
export function decide(candidate: FeeCandidateRow, context: ClubContext, year: number, issueDate: string): Decision {
  if (!candidate.activeInYear || candidate.personState !== 0) return { omitted: 'notActive' };
  if (candidate.isInvoiced) return { omitted: 'alreadyInvoiced' };
  const isYoung = isYoungForFeeYear(candidate.birthday, year);
  const clubFee = clubFeeFor(context.schedule, candidate.type, isYoung);
  // The national fee once per person: on the invoice of her primary club (or of every club when she has none).
  const paysNational = candidate.primaryClubId === null || candidate.primaryClubId === context.clubId;
  const nationalFee = paysNational ? nationalFeeFor(context.nationalFee ?? null, candidate.type, isYoung) : 0;
  if (clubFee + nationalFee <= 0) return { omitted: 'noFee' };
  const zip = candidate.zip?.trim();
  const city = candidate.city?.trim();
  if (!zip || !city) return { omitted: 'noAddress' };

  const language = languageOf(candidate.languageCode);
  const locale = localeOfLanguage[language];
  const positions: NewInvoice['positions'][number][] = [];
  if (clubFee > 0) {
    positions.push({
      kind: 'clubFee',
      text: translate(locale, 'invoice.position.clubFee', { year, club: context.clubName }),
      amountCentimes: clubFee,
    });
  }
  if (nationalFee > 0) {
    positions.push({
      kind: 'nationalFee',
      text: translate(locale, 'invoice.position.nationalFee', { year }),
      amountCentimes: nationalFee,
    });
  }
  const email = candidate.email?.trim() || null;
  const isOrganisation = candidate.type === MembershipType.collective || candidate.type === MembershipType.company;
  return {
    clubFeeCentimes: clubFee,
    nationalFeeCentimes: nationalFee,
    invoice: {
      kind: 'fee',
      clubId: context.clubId,
      personId: candidate.personId,
      year,
      feeYear: year,
      recipient: {
        name: nameOf(candidate),
        sortName: `${candidate.lastname}\u0001${candidate.firstname ?? '\u0002'}`,
        company: isOrganisation ? candidate.company?.trim() || null : null,
        addressLine: candidate.address1?.trim() || null,
        street: candidate.street?.trim() || null,
        buildingNumber: null,
        zip,
        city,
        countryCode: (candidate.countryCode ?? 'CH').toUpperCase(),
        email,
      },
      languageCode: language,
      creditor: context.settings,
      delivery:
        candidate.bpwCourier === CourierType.printed || email === null ? InvoiceDelivery.print : InvoiceDelivery.mail,
      issueDate,
      dueDate: dueDateFor(issueDate, context.settings.paymentTermDays),
      positions,
    },
  };
}

export const CANDIDATE_BATCH = 500;

/** Walks every candidate of a club in batches (the preview). */
export async function* candidatesOf(db: DbOrTx, params: { clubId: string; year: number }) {
  let after: string | null = null;
  for (;;) {
    const batch = await findFeeCandidates(db, {
      clubId: params.clubId,
      year: params.year,
      afterPersonId: after,
      limit: 2000,
    });
    yield* batch;
    if (batch.length < 2000) return;
    after = batch.at(-1)!.personId;
  }
}
