import { addressTypeEnum, AddressType, phoneTypeEnum, urlTypeEnum } from '@bpw/domain/enums/address';
import { salutationEnum, titleEnum } from '@bpw/domain/enums/person-fields';
import type { Address } from '@bpw/domain/schemas/address';
import type { PersonDetail } from '@bpw/domain/schemas/person';
import { competenceTopicEnum } from '@bpw/domain/enums/competence';
import { mainCompetenceText } from '@bpw/domain/main-competence';
import { postalAddressLines } from '@bpw/domain/postal-address';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Email from '@mui/icons-material/Email';
import Language from '@mui/icons-material/Language';
import MapIcon from '@mui/icons-material/Map';
import Phone from '@mui/icons-material/Phone';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PrimaryButton } from './person-contact-primary-button';
import { enumLabel } from './person-detail-format';
import { countryName } from '../../lib/countries';
import { breakLongWords, mailtoHref, mapsSearchHref, telHref, webHref } from '../../lib/map-links';

interface AddressCardProps {
  address: Address;
  person: PersonDetail;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

function EntryRow({ icon, children, action }: { icon: ReactNode; children: ReactNode; action: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex' }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
      {action}
    </Box>
  );
}

/** One address with its e-mails, phones and URLs as links, and the primary stars (spec 01 §7 "Links"). */
export function AddressCard({ address, person, canEdit, onEdit, onDelete }: AddressCardProps) {
  const { t, i18n } = useTranslation();
  const name = [
    enumLabel(salutationEnum, address.salutation, t),
    enumLabel(titleEnum, address.title, t),
    address.firstname,
    address.lastname,
  ]
    .filter(Boolean)
    .join(' ');
  const postal = postalAddressLines(address, (code) => countryName(code, i18n.language));
  const mapQuery = [
    address.street ?? address.address1,
    [address.zip, address.city].filter(Boolean).join(' '),
    countryName(address.countryCode, 'en'),
  ]
    .filter(Boolean)
    .join(', ');
  const hasPlace = Boolean(address.street || address.city || address.zip);
  const headingId = `address-${address.id}`;
  const entryLabel = (label: string | null, type: string) => [type, label].filter(Boolean).join(' · ');

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {address.label}
          </Typography>
          <Chip size="small" label={enumLabel(addressTypeEnum, address.addressType, t)} />
          <PrimaryButton
            personId={person.id}
            kind="address"
            itemId={address.id}
            itemText={address.label}
            isPrimary={person.primaryAddressId === address.id}
            canChange={canEdit}
          />
        </Box>
        {name ? <Typography>{name}</Typography> : null}
        {address.addressType === AddressType.business ? (
          <Box sx={{ mt: 1 }}>
            {[
              address.company,
              address.companyRole,
              address.companySector,
              // A topic's number (older data) shows its label: the rule of the vCard and the export too.
              mainCompetenceText(address.mainCompetence, (key) => t(key)),
            ]
              .filter(Boolean)
              .map((line) => (
                <Typography key={line} variant="body2">
                  {breakLongWords(line ?? '')}
                </Typography>
              ))}
            {address.competences.length > 0 ? (
              <Typography variant="body2" color="text.secondary">
                {address.competences.map((topic) => enumLabel(competenceTopicEnum, topic, t)).join(', ')}
              </Typography>
            ) : null}
          </Box>
        ) : null}
        {postal.length > 0 ? (
          <Box component="address" sx={{ fontStyle: 'normal', mt: 1 }}>
            {postal.map((line) => (
              <Typography key={line}>{breakLongWords(line)}</Typography>
            ))}
          </Box>
        ) : null}
        {hasPlace ? (
          <Link
            href={mapsSearchHref(mapQuery)}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
          >
            <MapIcon fontSize="small" aria-hidden />
            {t('personDetail.contact.showOnMap')}
          </Link>
        ) : null}
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
          aria-label={t('personDetail.contact.entries')}
        >
          {address.emails.map((email) => (
            <EntryRow
              key={email.id}
              icon={<Email fontSize="small" />}
              action={
                <PrimaryButton
                  personId={person.id}
                  kind="email"
                  itemId={email.id}
                  itemText={email.value}
                  isPrimary={person.primaryEmailId === email.id}
                  canChange={canEdit}
                />
              }
            >
              <Link href={mailtoHref(email.value)}>{breakLongWords(email.value)}</Link>
              {email.label ? (
                <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 1 }}>
                  {email.label}
                </Typography>
              ) : null}
            </EntryRow>
          ))}
          {address.phones.map((phone) => (
            <EntryRow
              key={phone.id}
              icon={<Phone fontSize="small" />}
              action={
                <PrimaryButton
                  personId={person.id}
                  kind="phone"
                  itemId={phone.id}
                  itemText={phone.value}
                  isPrimary={person.primaryPhoneId === phone.id}
                  canChange={canEdit}
                />
              }
            >
              <Link href={telHref(phone.value)}>{phone.value}</Link>
              <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 1 }}>
                {entryLabel(phone.label, enumLabel(phoneTypeEnum, phone.phoneType, t))}
              </Typography>
            </EntryRow>
          ))}
          {address.urls.map((url) => (
            <EntryRow
              key={url.id}
              icon={<Language fontSize="small" />}
              action={
                <PrimaryButton
                  personId={person.id}
                  kind="url"
                  itemId={url.id}
                  itemText={url.value}
                  isPrimary={person.primaryUrlId === url.id}
                  canChange={canEdit}
                />
              }
            >
              <Link href={webHref(url.value)} target="_blank" rel="noopener noreferrer">
                {breakLongWords(url.value)}
              </Link>
              <Typography variant="caption" color="text.secondary" component="span" sx={{ ml: 1 }}>
                {entryLabel(url.label, enumLabel(urlTypeEnum, url.urlType, t))}
              </Typography>
            </EntryRow>
          ))}
        </Box>
      </CardContent>
      {canEdit ? (
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <IconButton aria-label={t('personDetail.contact.edit', { label: address.label })} onClick={onEdit}>
            <Edit />
          </IconButton>
          <IconButton aria-label={t('personDetail.contact.delete', { label: address.label })} onClick={onDelete}>
            <Delete />
          </IconButton>
        </CardActions>
      ) : null}
    </Card>
  );
}
