import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first render, true in a transition right after its first commit: what
 * only it shows renders (in slices) and commits on its own, after the browser could paint the
 * rest. Splits a page's first commit, which is one task however the render is sliced (issue 20,
 * /persons under Lighthouse's mobile profile).
 */
export function useAfterFirstCommit(): boolean {
  const [isAfter, setIsAfter] = useState(false);
  useEffect(() => startTransition(() => setIsAfter(true)), []);
  return isAfter;
}
