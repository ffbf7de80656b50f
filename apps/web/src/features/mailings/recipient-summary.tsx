import type { MailingPreview } from '@bpw/domain/schemas/mailing';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { mailingLanguages } from './mailing-form-state';

/** How many receive the mailing, in which language, and who is left out (no consent, no e-mail). */
export function RecipientSummary({
  recipients,
  isAdvertising,
}: {
  recipients: MailingPreview['recipients'];
  isAdvertising: boolean;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => value.toLocaleString(i18n.language);
  const byLanguage = mailingLanguages
    .filter((language) => recipients.byLanguage[language] > 0)
    .map((language) => `${t(`mailings.languages.${language}`)} ${number(recipients.byLanguage[language])}`)
    .join(', ');
  return (
    <>
      <Typography role="status">
        {t('mailings.recipients.total', { number: number(recipients.total) })}
        {byLanguage ? ` (${byLanguage})` : ''}
      </Typography>
      {isAdvertising ? (
        <Typography variant="body2" color="text.secondary">
          {t('mailings.recipients.withoutConsent', { number: number(recipients.withoutConsent) })}
        </Typography>
      ) : null}
      {recipients.withoutEmail > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('mailings.recipients.withoutEmail', { number: number(recipients.withoutEmail) })}
        </Typography>
      ) : null}
    </>
  );
}
