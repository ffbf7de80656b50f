import { useEffect, useState, type RefObject } from 'react';

/**
 * True from the moment the element first shows in the viewport: for a part below the fold whose
 * code loads only when the user scrolls to it (issue 8). Without IntersectionObserver (jsdom) it
 * is true at once.
 */
export function useHasBeenVisible(ref: RefObject<Element | null>): boolean {
  const [hasBeenVisible, setHasBeenVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (hasBeenVisible || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setHasBeenVisible(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, hasBeenVisible]);
  return hasBeenVisible;
}
