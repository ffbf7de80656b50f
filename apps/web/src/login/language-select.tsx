import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from './icons';
import { useTexts } from './login-texts';
import { locales, type Locale } from '../lib/locale';

interface LanguageSelectProps {
  value: Locale;
  onChange: (locale: Locale) => void;
}

/**
 * Chooses one of the four UI locales, each name in its own language: a select-only combobox
 * with a listbox, like the SPA's MUI select (and found by the same roles).
 */
export function LanguageSelect({ value, onChange }: LanguageSelectProps) {
  const t = useTexts();
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const options = () => [...(listRef.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])];

  useEffect(() => {
    if (!isOpen) return;
    options()
      .find((option) => option.getAttribute('aria-selected') === 'true')
      ?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!listRef.current?.parentElement?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [isOpen]);

  const close = (locale?: Locale) => {
    setIsOpen(false);
    buttonRef.current?.focus();
    if (locale && locale !== value) onChange(locale);
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = options();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const moveTo = (next: number) => all[(next + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') moveTo(index + 1);
    else if (event.key === 'ArrowUp') moveTo(index - 1);
    else if (event.key === 'Home') moveTo(0);
    else if (event.key === 'End') moveTo(all.length - 1);
    else if (event.key === 'Enter' || event.key === ' ') close(locales[index]);
    else if (event.key === 'Escape' || event.key === 'Tab') close();
    else return;
    event.preventDefault();
  };

  return (
    <div className={`field field-small field-floated${isOpen ? ' field-open' : ''}`}>
      <div className="field-box">
        <button
          ref={buttonRef}
          id={`${id}-button`}
          type="button"
          role="combobox"
          className="field-select"
          aria-haspopup="listbox"
          aria-expanded={isOpen}
          aria-controls={`${id}-list`}
          aria-labelledby={`${id}-label ${id}-button`}
          onClick={() => setIsOpen((open) => !open)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              event.preventDefault();
              setIsOpen(true);
            }
          }}
        >
          <span lang={value}>{t(`locales.${value}`)}</span>
        </button>
        <span id={`${id}-label`} className="field-label">
          {t('common.language')}
        </span>
        <Icon name="arrowDropDown" className="icon field-select-icon" />
        <fieldset aria-hidden="true" className="field-outline">
          <legend>
            <span>{t('common.language')}</span>
          </legend>
        </fieldset>
        <ul
          ref={listRef}
          id={`${id}-list`}
          role="listbox"
          aria-labelledby={`${id}-label`}
          className="listbox"
          hidden={!isOpen}
          onKeyDown={onListKeyDown}
        >
          {locales.map((locale) => (
            <li
              key={locale}
              role="option"
              lang={locale}
              tabIndex={-1}
              aria-selected={locale === value}
              className="listbox-option"
              onClick={() => close(locale)}
            >
              {t(`locales.${locale}`)}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
