import { Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { addRowAfter, removeRow, setRow, stripSpaces, toRows } from '../utils/domain-list';

export interface DomainListInputProps {
  legend: string;
  /** e.g. 'www.example.com': a host as placeholder. */
  placeholder: string;
  value: readonly string[];
  onChange: (rows: string[]) => void;
  /** Error per row index (host names that are not valid). */
  rowErrors?: readonly (string | undefined)[];
}

/**
 * One host per row. Enter adds a row below and moves there; Backspace or Delete in an
 * empty row removes it and goes back up; spaces are never taken (typed or pasted) and the user
 * is told why. The rules live in utils/domain-list.ts.
 */
export function DomainListInput({
  legend,
  placeholder,
  value,
  onChange,
  rowErrors = [],
}: DomainListInputProps) {
  const { t } = useTranslation(['Projects', 'Form', 'Error']);
  const id = useId();
  const rows = toRows(value);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const focusRow = useRef<number | null>(null);
  const [spaceRejected, setSpaceRejected] = useState(false);

  const focus = (index: number) => {
    const input = inputs.current[index];
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  };

  // Focus moves once the changed rows are on screen (after the render that shows them).
  useEffect(() => {
    if (focusRow.current === null) return;
    focus(focusRow.current);
    focusRow.current = null;
  });

  const apply = (next: { rows: string[]; focus: number }) => {
    if (next.rows.length === rows.length && next.rows.every((row, i) => row === rows[i])) {
      focus(next.focus); // nothing changes on screen: move at once
      return;
    }
    focusRow.current = next.focus;
    onChange(next.rows);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault(); // not a form submit: a new row
      apply(addRowAfter(rows, index));
    } else if (
      (event.key === 'Backspace' || event.key === 'Delete') &&
      rows[index] === '' &&
      rows.length > 1
    ) {
      event.preventDefault();
      apply(removeRow(rows, index));
    } else if (event.key === ' ') {
      event.preventDefault();
      setSpaceRejected(true);
    }
  };

  const hintId = `${id}-hint`;
  const spaceId = `${id}-spaces`;
  return (
    <fieldset className="grid content-start gap-2" aria-describedby={hintId}>
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      <ul className="grid gap-2">
        {rows.map((row, index) => {
          const error = rowErrors[index];
          const errorId = `${id}-error-${index}`;
          return (
            // Rows are plain strings; their index is their identity while editing.
            <li key={index} className="grid gap-1">
              <div className="flex items-center gap-2">
                <Input
                  ref={(element) => {
                    inputs.current[index] = element;
                  }}
                  value={row}
                  placeholder={placeholder}
                  aria-label={t('domainRow', { ns: 'Projects', list: legend, n: index + 1 })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={
                    [error ? errorId : null, spaceRejected ? spaceId : null].filter(Boolean).join(' ') ||
                    undefined
                  }
                  inputMode="url"
                  autoComplete="off"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  onKeyDown={onKeyDown(index)}
                  onChange={(event) => {
                    const cleaned = stripSpaces(event.target.value);
                    // The notice stays while the user types on; it goes when they leave the row.
                    if (cleaned.removed) setSpaceRejected(true);
                    onChange(setRow(rows, index, cleaned.value));
                  }}
                  onBlur={() => setSpaceRejected(false)}
                />
                <Button
                  variant="ghost"
                  size="iconSm"
                  aria-label={t('removeDomainRow', { ns: 'Projects', list: legend, n: index + 1 })}
                  // The only empty row has nothing to remove.
                  disabled={rows.length === 1 && row === ''}
                  onClick={() => apply(removeRow(rows, index))}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              {error ? (
                <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
                  {error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t('domainHint', { ns: 'Form' })}
      </p>
      <p id={spaceId} aria-live="polite" className="text-sm text-amber-800 empty:hidden dark:text-amber-300">
        {spaceRejected ? t('noSpaces', { ns: 'Error' }) : ''}
      </p>
      <div>
        <Button
          variant="ghost"
          size="sm"
          className="-ml-2.5 text-primary"
          onClick={() => apply(addRowAfter(rows, rows.length - 1))}
        >
          <Plus aria-hidden="true" />
          {t('addDomain', { ns: 'Form' })}
        </Button>
      </div>
    </fieldset>
  );
}
