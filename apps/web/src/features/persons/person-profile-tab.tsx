import { competenceTopicEnum } from '@bpw/domain/enums/competence';
import { languageCodeEnum } from '@bpw/domain/enums/language';
import { membershipTypeEnum, typeWithLabel } from '@bpw/domain/enums/membership-type';
import {
  advertisingEnum,
  courierTypeEnum,
  employmentTypeEnum,
  salutationEnum,
  titleEnum,
} from '@bpw/domain/enums/person-fields';
import type { PersonClubRelation } from '@bpw/domain/schemas/membership';
import type { PersonDetail } from '@bpw/domain/schemas/person';
import Edit from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePersonSysInfo } from './api/get-person-sys-info';
import type { PersonDetailAccess } from './person-detail-access';
import { DetailList, DetailSection } from './person-detail-fields';
import { enumLabel, formatDate, formatDateTime } from './person-detail-format';
import { PersonProfileDialog } from './person-profile-dialog';
import { OwnDataSection } from './privacy/own-data-section';
import { PersonAuditTrail } from './privacy/person-audit-trail';
import { PersonConsentLog } from './privacy/person-consent-log';
import { countryName } from '../../lib/countries';
import { personDisplayName } from '../../lib/current-person';

interface PersonProfileTabProps {
  person: PersonDetail;
  access: PersonDetailAccess;
  activeRelations: PersonClubRelation[];
}

const yesNo = (value: boolean | null | undefined, t: (key: string) => string) =>
  value === null || value === undefined ? '' : t(value ? 'personDetail.yes' : 'personDetail.no');

/** The person's fields (spec 01 §3 "Person (detail)"); birthday and presentation only for managers. */
export function PersonProfileTab({ person, access, activeRelations }: PersonProfileTabProps) {
  const { t, i18n } = useTranslation();
  const [isEditing, setIsEditing] = useState(false);
  const sysInfo = usePersonSysInfo(person.id, access.canEdit);
  const coach = (ref: PersonDetail['coach1']) =>
    ref ? (
      <Link component={RouterLink} to={`/persons/${ref.id}`}>
        {personDisplayName(ref)}
      </Link>
    ) : (
      ''
    );
  const editButton = access.canEdit ? (
    <Button startIcon={<Edit />} onClick={() => setIsEditing(true)} color="inherit" variant="outlined" size="small">
      {t('personDetail.profile.edit')}
    </Button>
  ) : null;
  const f = (name: string) => t(`field.${name}`);

  return (
    <Stack spacing={2}>
      <DetailSection title={t('personDetail.profile.identity')} action={editButton}>
        <DetailList
          items={[
            { label: f('salutation'), value: enumLabel(salutationEnum, person.salutation, t) },
            { label: f('title'), value: enumLabel(titleEnum, person.title, t) },
            { label: f('firstname'), value: person.firstname },
            { label: f('lastname'), value: person.lastname },
            { label: f('birthday'), value: formatDate(person.birthday), isShown: access.canSeeManagerFields },
          ]}
        />
      </DetailSection>
      <DetailSection title={t('personDetail.profile.settings')}>
        <DetailList
          items={[
            { label: f('languageCode'), value: enumLabel(languageCodeEnum, person.languageCode, t) },
            {
              label: f('spokenLanguages'),
              value: person.spokenLanguages.map((item) => enumLabel(languageCodeEnum, item.languageCode, t)).join(', '),
            },
            { label: f('countryCode'), value: countryName(person.countryCode, i18n.language) },
            { label: f('timeZone'), value: person.timeZone },
          ]}
        />
      </DetailSection>
      <DetailSection title={t('personDetail.profile.profile')}>
        <DetailList
          items={[
            { label: f('isProfilePublic'), value: yesNo(person.isProfilePublic, t) },
            {
              label: f('isPresentationDone'),
              value: yesNo(person.isPresentationDone, t),
              isShown: access.canSeeManagerFields,
            },
            { label: f('isCoach'), value: yesNo(person.isCoach, t) },
            { label: f('employmentType'), value: enumLabel(employmentTypeEnum, person.employmentType, t) },
            { label: f('bpwCourier'), value: enumLabel(courierTypeEnum, person.bpwCourier, t) },
            { label: f('advertising'), value: enumLabel(advertisingEnum, person.advertising, t) },
          ]}
        />
      </DetailSection>
      <DetailSection title={t('personDetail.profile.mentoring')}>
        <DetailList
          items={[
            {
              label: f('mentoringTypes'),
              value:
                person.mentoringAreas.length > 0 ? (
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} component="span">
                    {person.mentoringAreas.map((area) => (
                      <Chip
                        key={area.personMentoringType}
                        size="small"
                        label={enumLabel(competenceTopicEnum, area.personMentoringType, t)}
                      />
                    ))}
                  </Stack>
                ) : (
                  ''
                ),
            },
            { label: f('coach1'), value: coach(person.coach1) },
            { label: f('coach2'), value: coach(person.coach2) },
          ]}
        />
      </DetailSection>
      <DetailSection title={t('personDetail.profile.activeClubs')}>
        <DetailList
          items={activeRelations.map((relation) => ({
            label: relation.club.name,
            value:
              relation.type === typeWithLabel && relation.membershipTypeLabel
                ? relation.membershipTypeLabel
                : enumLabel(membershipTypeEnum, relation.type, t),
          }))}
        />
        {activeRelations.length === 0 ? t('personDetail.clubs.none') : null}
      </DetailSection>
      {sysInfo.data ? (
        <DetailSection title={t('personDetail.profile.system')}>
          <DetailList
            items={[
              { label: f('username'), value: sysInfo.data.username },
              {
                label: t('personDetail.profile.acceptedTerms'),
                value: formatDateTime(sysInfo.data.acceptedTermsAndConditionsAt, i18n.language),
                isShown: access.canSeeAcceptedTerms,
              },
              {
                label: t('personDetail.profile.created'),
                value: changeText(sysInfo.data.created, i18n.language),
              },
              {
                label: t('personDetail.profile.updated'),
                value: changeText(sysInfo.data.updated, i18n.language),
              },
            ]}
          />
        </DetailSection>
      ) : null}
      {access.canSeeConsentLog ? <PersonConsentLog personId={person.id} /> : null}
      {access.canSeeAuditTrail ? <PersonAuditTrail personId={person.id} /> : null}
      {access.isOwn ? <OwnDataSection /> : null}
      {isEditing ? <PersonProfileDialog person={person} access={access} onClose={() => setIsEditing(false)} /> : null}
    </Stack>
  );
}

function changeText(change: { at: string; firstname: string | null; lastname: string | null }, locale: string) {
  const who = [change.firstname, change.lastname].filter(Boolean).join(' ');
  return [formatDateTime(change.at, locale), who].filter(Boolean).join(' · ');
}
