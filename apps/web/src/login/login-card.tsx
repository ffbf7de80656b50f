import { useState } from 'react';
import { Alert } from './alert';
import { ForgotPasswordForm } from './forgot-password-form';
import type { AuthTokens } from './login-api';
import { LoginForm } from './login-form';
import { useTexts } from './login-texts';
import type { Locale } from '../lib/locale';

type Mode = 'login' | 'forgot-password';

interface LoginCardProps {
  locale: Locale;
  onSignedIn: (tokens: AuthTokens) => Promise<void>;
}

/** The login card with its two modes, login and forgot-password (spec 01 §4, login screen). */
export function LoginCard({ locale, onSignedIn }: LoginCardProps) {
  const t = useTexts();
  const [mode, setMode] = useState<Mode>('login');
  const [username, setUsername] = useState('');
  const [isResetRequested, setIsResetRequested] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  return (
    <section className="card" aria-labelledby="login-card-title" aria-busy={isBusy}>
      {isBusy ? (
        <div className="progress" role="progressbar" aria-label={t('app.loading')} />
      ) : (
        <div className="progress-space" />
      )}
      <div className="card-content stack">
        <h1 id="login-card-title" className="card-title">
          {mode === 'login' ? t('pages.login') : t('auth.forgotPassword')}
        </h1>
        {mode === 'login' && isResetRequested ? (
          <Alert severity="success" onClose={() => setIsResetRequested(false)}>
            {t('auth.resetRequested')}
          </Alert>
        ) : null}
        {mode === 'login' ? (
          <LoginForm
            locale={locale}
            isBusy={isBusy}
            onBusyChange={setIsBusy}
            onSignedIn={onSignedIn}
            onForgotPassword={(typed) => {
              setUsername(typed);
              setIsResetRequested(false);
              setMode('forgot-password');
            }}
          />
        ) : (
          <ForgotPasswordForm
            locale={locale}
            initialEmail={username}
            isBusy={isBusy}
            onBusyChange={setIsBusy}
            onBack={() => setMode('login')}
            onSent={() => {
              setIsResetRequested(true);
              setMode('login');
            }}
          />
        )}
      </div>
    </section>
  );
}
