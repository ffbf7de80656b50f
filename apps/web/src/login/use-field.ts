import { useState } from 'react';
import type { ValidationKey } from './login-validation';

/**
 * A field's value and its check, shown once the field was left or the form sent ("on touched",
 * as the SPA's forms do); the form is valid only when every check passes.
 */
export function useField(initial: string, check: (value: string) => ValidationKey | null) {
  const [value, setValue] = useState(initial);
  const [isTouched, setIsTouched] = useState(false);
  const problem = check(value);
  return {
    value,
    problem,
    shownProblem: isTouched ? problem : null,
    touch: () => setIsTouched(true),
    inputProps: {
      value,
      onChange: (event: { target: { value: string } }) => setValue(event.target.value),
      onBlur: () => setIsTouched(true),
    },
  };
}
