import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The element's width as laid out, kept up to date as the window or the layout changes. Where nothing
 * is measured (tests without a layout engine) the chart draws at `fallback`.
 */
export function useElementWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width) || fallback);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}
