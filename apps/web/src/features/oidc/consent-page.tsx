import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { answerOidcInteraction, useOidcInteraction } from './api';
import { errorMessages } from '../../api/api-error';
import { ErrorList } from '../../components/error-list';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /connect/:uid (issue 26): an application asks to sign her in. She is signed in here (the route
 * requires it, with her second factor); she sees which application and which data, and allows or
 * denies. A consent she gave before continues at once. docs/decisions/oidc.md.
 */
export function ConsentPage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const interaction = useOidcInteraction(uid);
  const [isAnswering, setIsAnswering] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const autoAnswered = useRef(false);
  const appName = interaction.data?.clientName ?? '';
  const title = usePageTitle('oidc.consent.pageTitle');

  const answer = async (accept: boolean) => {
    setIsAnswering(true);
    setErrors([]);
    try {
      const { redirectTo } = await answerOidcInteraction(uid, accept);
      window.location.assign(redirectTo);
    } catch (error) {
      setErrors(errorMessages(error, t('common.clientError')));
      setIsAnswering(false);
    }
  };

  const isRemembered = interaction.data?.isConsentRemembered === true;
  useEffect(() => {
    if (isRemembered && !autoAnswered.current) {
      autoAnswered.current = true;
      void answer(true);
    }
    // answer is stable enough: it only reads uid and t
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isRemembered]);

  return (
    <Box component="main" sx={{ display: 'flex', justifyContent: 'center', p: { xs: 1, sm: 4 } }}>
      <Paper sx={{ p: { xs: 2, sm: 4 }, width: '100%', maxWidth: 560 }}>
        {interaction.isPending ? (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            <CircularProgress aria-label={t('app.loading')} />
          </Stack>
        ) : !interaction.data ? (
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {t('oidc.consent.loading')}
            </Typography>
            <ErrorList errors={errorMessages(interaction.error, t('common.clientError'))} />
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {t('oidc.consent.title', { app: appName })}
            </Typography>
            {isRemembered ? (
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
                <CircularProgress size={24} aria-hidden />
                <Typography>{t('oidc.consent.continuing')}</Typography>
              </Stack>
            ) : (
              <>
                <Typography>{t('oidc.consent.intro', { app: appName })}</Typography>
                <List dense aria-label={t('oidc.fields.scopes')}>
                  {interaction.data.scopes.map((scope) => (
                    <ListItem key={scope} disableGutters>
                      <ListItemText primary={t(`oidc.scopes.${scope}`)} />
                    </ListItem>
                  ))}
                </List>
                <ErrorList errors={errors} />
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                  <Button color="inherit" variant="outlined" disabled={isAnswering} onClick={() => void answer(false)}>
                    {t('oidc.consent.deny')}
                  </Button>
                  <Button variant="contained" disabled={isAnswering} onClick={() => void answer(true)}>
                    {t('oidc.consent.accept')}
                  </Button>
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {t('oidc.consent.hint')}
                </Typography>
              </>
            )}
            {isRemembered ? <ErrorList errors={errors} /> : null}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
