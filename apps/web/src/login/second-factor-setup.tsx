import { useEffect, useState, type FormEvent } from 'react';
import { ErrorList } from './alert';
import { confirmTotpSetup, startTotpSetup, type AuthTokens, type TotpSetup } from './login-api';
import { useTexts } from './login-texts';
import { totpCodeError } from './login-validation';
import { TextField } from './text-field';
import { useField } from './use-field';
import { errorMessages } from '../api/api-error';
import type { Locale } from '../lib/locale';

interface SecondFactorSetupProps {
  tokens: AuthTokens;
  locale: Locale;
  isBusy: boolean;
  onBusyChange: (isBusy: boolean) => void;
  onSignedIn: (tokens: AuthTokens) => Promise<void>;
}

/**
 * A sign-in whose role requires a second factor it does not have yet (docs/decisions/two-factor.md):
 * the authenticator app is set up here, before the app starts. The tokens stay in memory until it
 * is done, so no other page ever sees this sign-in.
 */
export function SecondFactorSetup({ tokens, locale, isBusy, onBusyChange, onSignedIn }: SecondFactorSetupProps) {
  const t = useTexts();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const code = useField('', totpCodeError);

  useEffect(() => {
    let isCurrent = true;
    startTotpSetup(tokens.token, locale).then(
      (started) => isCurrent && setSetup(started),
      (error: unknown) => isCurrent && setErrors(errorMessages(error, t('common.clientError'))),
    );
    return () => {
      isCurrent = false;
    };
    // Once per sign-in: a new secret on every render would invalidate the scanned one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tokens.token]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    code.touch();
    if (code.problem || isBusy) return;
    setErrors([]);
    onBusyChange(true);
    try {
      const confirmed = await confirmTotpSetup(code.value.replace(/\s+/g, ''), tokens.token, locale);
      setRecoveryCodes(confirmed.recoveryCodes);
    } catch (error) {
      setErrors(errorMessages(error, t('common.clientError')));
    }
    onBusyChange(false);
  };

  if (recoveryCodes) {
    return (
      <div className="stack">
        <h2 className="card-subtitle">{t('auth.recoveryCodesTitle')}</h2>
        <p className="body2">{t('auth.recoveryCodesIntro')}</p>
        <ul className="recovery-codes" aria-label={t('auth.recoveryCodesTitle')}>
          {recoveryCodes.map((recoveryCode) => (
            <li key={recoveryCode}>
              <code>{recoveryCode}</code>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="button button-contained button-large"
          disabled={isBusy}
          onClick={() => {
            onBusyChange(true);
            void onSignedIn({ token: tokens.token, refreshToken: tokens.refreshToken });
          }}
          autoFocus
        >
          {t('auth.continue')}
        </button>
      </div>
    );
  }

  const label = t('auth.totpCode');
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="stack">
      <p className="body2">{t('auth.setupIntro')}</p>
      <ErrorList title={t('auth.loginFailed')} errors={errors} />
      {setup ? (
        <>
          <img className="qr-code" src={setup.qrCode} alt={t('auth.qrCodeAlt')} width={200} height={200} />
          <p className="body2">
            {t('auth.setupSecret')} <code className="totp-secret">{setup.secret}</code>
          </p>
          <TextField
            {...code.inputProps}
            name="totpCode"
            label={label}
            inputMode="numeric"
            autoComplete="one-time-code"
            disabled={isBusy}
            error={code.shownProblem && t(code.shownProblem, { field: label })}
          />
          <button type="submit" className="button button-contained button-large" disabled={isBusy}>
            {t('auth.verify')}
          </button>
        </>
      ) : (
        <div className="progress" role="progressbar" aria-label={t('app.loading')} />
      )}
    </form>
  );
}
