import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './form-text-field';

interface PasswordFieldProps<T extends FieldValues, TOut = T> {
  /** Any form over T, also one whose resolver outputs another type (`useForm<In, unknown, Out>`). */
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  disabled?: boolean;
  helperText?: string;
}

/** A password input with a show/hide toggle that says what it does. */
export function PasswordField<T extends FieldValues, TOut = T>({ disabled, ...props }: PasswordFieldProps<T, TOut>) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  const toggleLabel = isVisible ? t('auth.hidePassword') : t('auth.showPassword');
  return (
    <FormTextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      disabled={Boolean(disabled)}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={toggleLabel}
                aria-pressed={isVisible}
                onClick={() => setIsVisible((visible) => !visible)}
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
                disabled={Boolean(disabled)}
              >
                {isVisible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The new password and its repetition, as every form that sets a password asks for them. */
export function NewPasswordFields<T extends { password: string; repeat: string }, TOut = T>({
  control,
  disabled,
}: {
  control: Control<T, unknown, TOut>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        control={control}
        name={'password' as Path<T>}
        label={t('auth.newPassword')}
        autoComplete="new-password"
        helperText={t('auth.passwordRule')}
        disabled={Boolean(disabled)}
      />
      <PasswordField
        control={control}
        name={'repeat' as Path<T>}
        label={t('auth.repeatPassword')}
        autoComplete="new-password"
        disabled={Boolean(disabled)}
      />
    </>
  );
}
