import { useState } from 'react';
import { Alert } from './alert';
import { ForgotPasswordForm } from './forgot-password-form';
import { needsSecondStep, type AuthTokens, type SecondFactorChallenge } from './login-api';
import { LoginForm } from './login-form';
import { SecondFactorForm } from './second-factor-form';
import { SecondFactorSetup } from './second-factor-setup';
import { useTexts } from './login-texts';
import type { Locale } from '../lib/locale';

type Mode = 'login' | 'forgot-password' | 'second-factor' | 'setup';

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
  const [challenge, setChallenge] = useState<SecondFactorChallenge | null>(null);
  const [pendingTokens, setPendingTokens] = useState<AuthTokens | null>(null);
  const titles: Record<Mode, string> = {
    login: t('pages.login'),
    'forgot-password': t('auth.forgotPassword'),
    'second-factor': t('auth.secondFactorTitle'),
    setup: t('auth.setupTitle'),
  };

  return (
    <section className="card" aria-labelledby="login-card-title" aria-busy={isBusy}>
      {isBusy ? (
        <div className="progress" role="progressbar" aria-label={t('app.loading')} />
      ) : (
        <div className="progress-space" />
      )}
      <div className="card-content stack">
        <h1 id="login-card-title" className="card-title">
          {titles[mode]}
        </h1>
        {mode === 'login' && isResetRequested ? (
          <Alert severity="success" onClose={() => setIsResetRequested(false)}>
            {t('auth.resetRequested')}
          </Alert>
        ) : null}
        {mode === 'second-factor' && challenge ? (
          <SecondFactorForm
            challenge={challenge}
            locale={locale}
            isBusy={isBusy}
            onBusyChange={setIsBusy}
            onSignedIn={onSignedIn}
            onBack={() => setMode('login')}
          />
        ) : mode === 'setup' && pendingTokens ? (
          <SecondFactorSetup
            tokens={pendingTokens}
            locale={locale}
            isBusy={isBusy}
            onBusyChange={setIsBusy}
            onSignedIn={onSignedIn}
          />
        ) : mode === 'login' ? (
          <LoginForm
            locale={locale}
            isBusy={isBusy}
            onBusyChange={setIsBusy}
            onSignedIn={async (answer) => {
              if (needsSecondStep(answer)) {
                setChallenge(answer);
                setMode('second-factor');
                setIsBusy(false);
              } else if (answer.secondFactorSetupRequired) {
                setPendingTokens(answer);
                setMode('setup');
                setIsBusy(false);
              } else {
                await onSignedIn(answer);
              }
            }}
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
