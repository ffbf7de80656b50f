import { useCallback, useState } from 'react';

/**
 * The content width of the element the returned ref is put on, kept current with a
 * ResizeObserver. The first figure is read while React commits, before the browser paints,
 * so a chart never shows at a wrong size. 0 until the element is there.
 */
export function useElementWidth<T extends HTMLElement>(): [(element: T | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((element: T | null) => {
    if (!element) return undefined;
    setWidth(element.clientWidth);
    // jsdom and very old browsers have no ResizeObserver: the first width stays.
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
