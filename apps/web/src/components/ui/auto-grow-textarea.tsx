import { useCallback, useLayoutEffect, useRef, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { fieldClasses } from './input';

export interface AutoGrowTextareaProps extends Omit<ComponentProps<'textarea'>, 'rows'> {
  /** Rows shown when empty. */
  minRows?: number;
  /** Rows it grows to; past that it scrolls. */
  maxRows?: number;
}

/**
 * A textarea that grows with its text from `minRows` to `maxRows` (e.g. the project
 * description has 3 rows, up to 5). It sets the `rows` attribute instead of a pixel height, so
 * it stays right at any font size or zoom, and wrapped lines count too (scrollHeight). Works
 * controlled and uncontrolled (react-hook-form's register): it measures on input as well.
 */
export function AutoGrowTextarea({
  minRows = 3,
  maxRows = 5,
  ref,
  className,
  onInput,
  ...props
}: AutoGrowTextareaProps) {
  const inner = useRef<HTMLTextAreaElement | null>(null);

  const fit = useCallback(() => {
    const element = inner.current;
    if (!element) return;
    element.rows = minRows;
    while (element.rows < maxRows && element.scrollHeight > element.clientHeight) element.rows += 1;
  }, [minRows, maxRows]);

  // After every render: a value set from outside (reset, controlled) is measured too.
  useLayoutEffect(fit);

  const setRef = useCallback(
    (element: HTMLTextAreaElement | null) => {
      inner.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );

  return (
    <textarea
      ref={setRef}
      rows={minRows}
      className={cn(fieldClasses, 'resize-none py-2 leading-relaxed', className)}
      onInput={(event) => {
        fit();
        onInput?.(event);
      }}
      {...props}
    />
  );
}
