import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { canComposeMailings } from '@bpw/domain/schemas/mailing';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { MailingEditor } from './mailing-editor';
import { defaultRegistrationStates, initialAudience } from './mailing-form-state';
import { withMailingTexts } from './with-mailing-texts';
import { PageHeading } from '../../components/page-heading';
import { useActor } from '../../lib/use-claims';

/**
 * /mailings/new: compose a mailing. The address may name its recipients (the persons list's
 * "write to these persons" hands over its filter); saving makes it a draft at /mailings/{id}.
 */
export const MailingComposePage = withMailingTexts(function MailingComposePage() {
  const { t } = useTranslation();
  const actor = useActor();
  const [params] = useSearchParams();
  const defaultClubId = actor.clubManagerOf[0] ?? actor.eventManagerOf[0] ?? null;
  const audience = useMemo(() => {
    const fromAddress = initialAudience(params, actor.isAdmin || actor.clubManagerOf.length > 0 ? defaultClubId : null);
    if (fromAddress) return fromAddress;
    // An event manager (without a club to manage) writes to her events' registrations.
    return actor.isAdmin || actor.clubManagerOf.length > 0
      ? { kind: 'club' as const, clubId: defaultClubId ?? '' }
      : { kind: 'event' as const, eventId: '', registrationStates: defaultRegistrationStates };
  }, [params, actor.isAdmin, actor.clubManagerOf.length, defaultClubId]);
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <Button component={RouterLink} to="/mailings" startIcon={<ArrowBackIcon />} color="inherit" sx={{ mb: 1 }}>
        {t('mailings.page.back')}
      </Button>
      <PageHeading titleKey="mailings.compose.title" />
      {canComposeMailings(actor) ? (
        <MailingEditor mailing={null} audience={audience} />
      ) : (
        <Alert severity="warning">{t('mailings.compose.notAllowed')}</Alert>
      )}
    </Box>
  );
});
