import { useState, type FormEvent } from 'react';
import { ErrorList } from './alert';
import {
  completeSecondFactor,
  secondFactorPasskeyOptions,
  type AuthTokens,
  type SecondFactorChallenge,
} from './login-api';
import { useTexts } from './login-texts';
import { recoveryCodeError, totpCodeError } from './login-validation';
import { askForPasskey } from './passkey';
import { TextField } from './text-field';
import { useField } from './use-field';
import { ApiError, errorMessages } from '../api/api-error';
import type { Locale } from '../lib/locale';

interface SecondFactorFormProps {
  challenge: SecondFactorChallenge;
  locale: Locale;
  isBusy: boolean;
  onBusyChange: (isBusy: boolean) => void;
  onSignedIn: (tokens: AuthTokens) => Promise<void>;
  onBack: () => void;
}

/**
 * The second step after the password (issue 21): the code of the authenticator app, a recovery
 * code, or a passkey, whichever she has set up.
 */
export function SecondFactorForm({
  challenge,
  locale,
  isBusy,
  onBusyChange,
  onSignedIn,
  onBack,
}: SecondFactorFormProps) {
  const t = useTexts();
  const methods = challenge.secondFactorMethods;
  const [mode, setMode] = useState<'totp' | 'recoveryCode'>(methods.includes('totp') ? 'totp' : 'recoveryCode');
  const totp = useField('', totpCodeError);
  const recovery = useField('', recoveryCodeError);
  const [errors, setErrors] = useState<string[]>([]);
  const field = mode === 'totp' ? totp : recovery;
  const hasCodeForm = methods.includes('totp') || methods.includes('recoveryCode');

  const run = async (step: () => Promise<AuthTokens>) => {
    setErrors([]);
    onBusyChange(true);
    try {
      await onSignedIn(await step());
    } catch (error) {
      setErrors(
        error instanceof ApiError ? errorMessages(error, t('common.clientError')) : [t('auth.passkeyCancelled')],
      );
      onBusyChange(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    field.touch();
    if (field.problem || isBusy) return;
    const ticket = challenge.secondFactorTicket;
    void run(() =>
      completeSecondFactor(
        mode === 'totp' ? { ticket, totpCode: totp.value } : { ticket, recoveryCode: recovery.value },
        locale,
      ),
    );
  };

  const usePasskey = () =>
    void run(async () => {
      const options = await secondFactorPasskeyOptions(challenge.secondFactorTicket, locale);
      const credential = await askForPasskey(options);
      return completeSecondFactor(
        { ticket: challenge.secondFactorTicket, passkey: { challengeToken: options.challengeToken, credential } },
        locale,
      );
    });

  const label = mode === 'totp' ? t('auth.totpCode') : t('auth.recoveryCode');
  return (
    <form noValidate onSubmit={onSubmit} className="stack">
      <ErrorList title={t('auth.loginFailed')} errors={errors} />
      {hasCodeForm ? (
        <>
          <p className="body2">{mode === 'totp' ? t('auth.totpIntro') : t('auth.recoveryIntro')}</p>
          <TextField
            {...field.inputProps}
            key={mode}
            name={mode === 'totp' ? 'totpCode' : 'recoveryCode'}
            label={label}
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoComplete={mode === 'totp' ? 'one-time-code' : 'off'}
            autoCapitalize="characters"
            spellCheck={false}
            disabled={isBusy}
            error={field.shownProblem && t(field.shownProblem, { field: label })}
            autoFocus
          />
          <button type="submit" className="button button-contained button-large" disabled={isBusy}>
            {t('auth.verify')}
          </button>
        </>
      ) : null}
      {methods.includes('passkey') ? (
        <button
          type="button"
          className={hasCodeForm ? 'button' : 'button button-contained button-large'}
          disabled={isBusy}
          onClick={usePasskey}
        >
          {t('auth.usePasskey')}
        </button>
      ) : null}
      {methods.includes('totp') && methods.includes('recoveryCode') ? (
        <button
          type="button"
          className="button"
          disabled={isBusy}
          onClick={() => {
            setErrors([]);
            setMode(mode === 'totp' ? 'recoveryCode' : 'totp');
          }}
        >
          {mode === 'totp' ? t('auth.useRecoveryCode') : t('auth.useTotp')}
        </button>
      ) : null}
      <button type="button" className="button" disabled={isBusy} onClick={onBack}>
        {t('auth.back')}
      </button>
    </form>
  );
}
