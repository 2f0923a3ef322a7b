import { useId, type ReactElement, type ReactNode } from 'react';
import { Slot } from './slot';

export interface FieldProps {
  label: ReactNode;
  /** Shown under the control and announced with it. */
  error?: ReactNode;
  hint?: ReactNode;
  /** Marks the label with * (explained by RequiredNote) and the control as required. */
  required?: boolean;
  /** The single form control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
}

/** A labelled form control with its hint and error wired up for assistive technology. */
export function Field({ label, error, hint, required = false, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  // content-start: in a row of fields of unequal height (a neighbour with a hint or a taller
  // box) the grid stretches this one; its label and control stay together at the top instead
  // of the rows spreading apart (a control far below its label, selects out of line).
  return (
    <div className="grid content-start gap-1.5">
      {/* The mark sits beside the label, not in it: the label's text stays the field's name. */}
      <span className="text-sm font-medium">
        <label htmlFor={id}>{label}</label>
        {required ? <RequiredMark /> : null}
      </span>
      <Slot
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...(required ? { required: true, 'aria-required': true } : {})}
      >
        {children}
      </Slot>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** What is wrong with a control, under it and announced at once; nothing when `children` is empty. */
export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}

/** The visible * of a required field; the control itself says "required" to assistive technology. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
      *
    </span>
  );
}
