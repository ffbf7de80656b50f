import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'placeholder'> {
  name: string;
  label: string;
  /** The message under the field; the field is marked invalid while there is one. */
  error?: string | null;
  /** A button at the end of the field (the password's show/hide toggle). */
  end?: ReactNode;
}

/** An outlined text field like the SPA's MUI TextField: the label floats into the border. */
export function TextField({ label, error, end, id, disabled, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper`;
  const classes = ['field', error ? 'field-error' : '', disabled ? 'field-disabled' : '', end ? 'field-has-end' : ''];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <div className="field-box">
        {/* The blank placeholder lets CSS see an empty field (:placeholder-shown): the label sits inside. */}
        <input
          {...input}
          id={inputId}
          className="field-input"
          placeholder=" "
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? helperId : undefined}
        />
        <label htmlFor={inputId} className="field-label">
          {label}
        </label>
        {end}
        <fieldset aria-hidden="true" className="field-outline">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {error ? (
        <p id={helperId} className="field-helper">
          {error}
        </p>
      ) : null}
    </div>
  );
}
