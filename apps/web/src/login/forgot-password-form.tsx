import { useState, type FormEvent } from 'react';
import { Alert } from './alert';
import { requestPasswordReset } from './login-api';
import { ConfirmDialog } from './login-dialogs';
import { useTexts } from './login-texts';
import { emailAddressError } from './login-validation';
import { TextField } from './text-field';
import { useField } from './use-field';
import type { Locale } from '../lib/locale';

interface ForgotPasswordFormProps {
  locale: Locale;
  initialEmail: string;
  isBusy: boolean;
  onBusyChange: (isBusy: boolean) => void;
  onSent: () => void;
  onBack: () => void;
}

/** Forgot-password mode: asks for confirmation, then mails a link (spec 01 §2, §4; DESIGN). */
export function ForgotPasswordForm({
  locale,
  initialEmail,
  isBusy,
  onBusyChange,
  onSent,
  onBack,
}: ForgotPasswordFormProps) {
  const t = useTexts();
  const email = useField(initialEmail, emailAddressError);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const emailLabel = t('auth.email');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    email.touch();
    if (!email.problem && !isBusy) setPendingEmail(email.value.trim());
  };

  const send = async (address: string) => {
    setPendingEmail(null);
    setHasFailed(false);
    onBusyChange(true);
    try {
      await requestPasswordReset(address, locale);
      onSent();
    } catch {
      setHasFailed(true); // spec 01 §8: a single client-side error message
    } finally {
      onBusyChange(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="stack">
      {hasFailed ? <Alert severity="error">{t('common.clientError')}</Alert> : null}
      <p className="body2">{t('auth.forgotIntro')}</p>
      <TextField
        {...email.inputProps}
        name="email"
        label={emailLabel}
        type="email"
        autoComplete="username"
        disabled={isBusy}
        error={email.shownProblem && t(email.shownProblem, { field: emailLabel })}
        autoFocus
      />
      <button
        type="submit"
        className="button button-contained button-large"
        disabled={Boolean(email.problem) || isBusy}
      >
        {t('auth.sendNewPassword')}
      </button>
      <button type="button" className="button" onClick={onBack} disabled={isBusy}>
        {t('auth.back')}
      </button>
      <ConfirmDialog
        open={pendingEmail !== null}
        title={t('auth.confirmResetTitle')}
        message={t('auth.confirmResetMessage', { email: pendingEmail ?? '' })}
        confirmLabel={t('auth.sendNewPassword')}
        onConfirm={() => void send(pendingEmail ?? '')}
        onCancel={() => setPendingEmail(null)}
      />
    </form>
  );
}
