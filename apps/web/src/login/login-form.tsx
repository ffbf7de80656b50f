import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorList } from './alert';
import { authenticate, passkeySignIn, passkeySignInOptions, type SignInAnswer } from './login-api';
import { TermsDialog } from './login-dialogs';
import { useTexts } from './login-texts';
import { emailAddressError, passwordError } from './login-validation';
import { PasswordField } from './password-field';
import { TextField } from './text-field';
import { useField } from './use-field';
import { askForPasskey, canAutofillPasskeys, canUsePasskeys, cancelPasskeyRequest } from './passkey';
import { ApiError, errorMessages } from '../api/api-error';
import type { Locale } from '../lib/locale';

interface LoginFormProps {
  locale: Locale;
  isBusy: boolean;
  onBusyChange: (isBusy: boolean) => void;
  /** Tokens, or the second step the password asks for (issue 21). */
  onSignedIn: (answer: SignInAnswer) => Promise<void>;
  onForgotPassword: (username: string) => void;
}

/** Username, password, terms and the Login button, enabled only when valid (spec 01 §2, §5). */
export function LoginForm({ locale, isBusy, onBusyChange, onSignedIn, onForgotPassword }: LoginFormProps) {
  const t = useTexts();
  const username = useField('', emailAddressError);
  const password = useField('', passwordError);
  const [hasAcceptedTerms, setHasAcceptedTerms] = useState(false);
  const [isTermsOpen, setIsTermsOpen] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const isValid = !username.problem && !password.problem && hasAcceptedTerms;
  const usernameLabel = t('auth.username');
  const passwordLabel = t('auth.password');
  // The conditional UI's answer may come at any time: it reads the box's latest state.
  const termsRef = useRef(hasAcceptedTerms);
  const [hasPasskeys] = useState(canUsePasskeys);

  const signInWithPasskey = async (autofill: boolean) => {
    const options = await passkeySignInOptions(locale);
    const credential = await askForPasskey(options, autofill);
    setErrors([]);
    onBusyChange(true);
    const tokens = await passkeySignIn(
      { challengeToken: options.challengeToken, credential, acceptedTermsAndConditions: termsRef.current },
      locale,
    );
    await onSignedIn(tokens);
  };
  const passkeyFailed = (error: unknown) => {
    setErrors(error instanceof ApiError ? errorMessages(error, t('common.clientError')) : [t('auth.passkeyCancelled')]);
    onBusyChange(false);
  };

  // Conditional UI: the username field offers her passkeys among its suggestions.
  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      if (!(await canAutofillPasskeys()) || !isCurrent) return;
      try {
        await signInWithPasskey(true);
      } catch (error) {
        // Leaving the form or starting the button's ceremony ends the waiting request.
        if (isCurrent && error instanceof ApiError) passkeyFailed(error);
      }
    })();
    return () => {
      isCurrent = false;
      cancelPasskeyRequest();
    };
    // Once per visit of the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    username.touch();
    password.touch();
    if (!isValid || isBusy) return;
    setErrors([]);
    onBusyChange(true);
    try {
      await onSignedIn(await authenticate(username.value.trim(), password.value, locale));
      // Signed in: the browser is leaving for the app, so the card stays busy.
    } catch (error) {
      setErrors(errorMessages(error, t('common.clientError')));
      onBusyChange(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="stack">
      <ErrorList title={t('auth.loginFailed')} errors={errors} />
      <TextField
        {...username.inputProps}
        name="username"
        label={usernameLabel}
        type="email"
        autoComplete="username webauthn"
        disabled={isBusy}
        error={username.shownProblem && t(username.shownProblem, { field: usernameLabel })}
        autoFocus
      />
      <PasswordField
        {...password.inputProps}
        name="password"
        label={passwordLabel}
        autoComplete="current-password"
        disabled={isBusy}
        error={password.shownProblem && t(password.shownProblem, { field: passwordLabel })}
      />
      <div className="terms-row">
        <label className={isBusy ? 'checkbox-label checkbox-disabled' : 'checkbox-label'}>
          <input
            type="checkbox"
            name="acceptedTerms"
            checked={hasAcceptedTerms}
            onChange={(event) => {
              termsRef.current = event.target.checked;
              setHasAcceptedTerms(event.target.checked);
            }}
            disabled={isBusy}
          />
          <span>{t('auth.acceptTerms')}</span>
        </label>
        <button
          type="button"
          className="button button-small button-link"
          disabled={isBusy}
          onClick={() => setIsTermsOpen(true)}
        >
          {t('auth.readTerms')}
        </button>
      </div>
      <button type="submit" className="button button-contained button-large" disabled={!isValid || isBusy}>
        {t('auth.login')}
      </button>
      {hasPasskeys ? (
        <button
          type="button"
          className="button button-outlined"
          disabled={!hasAcceptedTerms || isBusy}
          onClick={() => void signInWithPasskey(false).catch(passkeyFailed)}
        >
          {t('auth.passkeySignIn')}
        </button>
      ) : null}
      <button type="button" className="button" disabled={isBusy} onClick={() => onForgotPassword(username.value)}>
        {t('auth.forgotPassword')}
      </button>
      <TermsDialog open={isTermsOpen} onClose={() => setIsTermsOpen(false)} />
    </form>
  );
}
