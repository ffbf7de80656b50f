import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';

type Mode = 'login' | 'forgot-password';

interface LoginCardProps {
  title: string;
  onSignedIn: (tokens: { token: string; refreshToken: string }) => Promise<void>;
}

/** The login card with its two modes, login and forgot-password (spec 01 §4, login screen). */
export function LoginCard({ title, onSignedIn }: LoginCardProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('login');
  const [username, setUsername] = useState('');
  const [isResetRequested, setIsResetRequested] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  return (
    <Card
      component="section"
      aria-labelledby="login-card-title"
      aria-busy={isBusy}
      sx={{ width: '100%', maxWidth: 440 }}
    >
      {isBusy ? <LinearProgress aria-label={t('app.loading')} /> : <Box sx={{ height: 4 }} />}
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography id="login-card-title" variant="h5" component="h1">
            {mode === 'login' ? title : t('auth.forgotPassword')}
          </Typography>
          {mode === 'login' && isResetRequested ? (
            <Alert severity="success" onClose={() => setIsResetRequested(false)}>
              {t('auth.resetRequested')}
            </Alert>
          ) : null}
          {mode === 'login' ? (
            <LoginForm
              onSignedIn={onSignedIn}
              onBusyChange={setIsBusy}
              onForgotPassword={(typed) => {
                setUsername(typed);
                setIsResetRequested(false);
                setMode('forgot-password');
              }}
            />
          ) : (
            <ForgotPasswordForm
              initialEmail={username}
              onBusyChange={setIsBusy}
              onBack={() => setMode('login')}
              onSent={() => {
                setIsResetRequested(true);
                setMode('login');
              }}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
