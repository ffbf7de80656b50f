import { useState, type ComponentProps } from 'react';
import { Icon } from './icons';
import { useTexts } from './login-texts';
import { TextField } from './text-field';

/** The password with a show/hide toggle that says what it does. */
export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'end'>) {
  const t = useTexts();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="icon-button"
          aria-label={isVisible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={isVisible}
          disabled={props.disabled}
          onClick={() => setIsVisible((visible) => !visible)}
          // Keeps the focus (and the caret) in the password while toggling with the mouse.
          onMouseDown={(event) => event.preventDefault()}
        >
          <Icon name={isVisible ? 'visibilityOff' : 'visibility'} />
        </button>
      }
    />
  );
}
