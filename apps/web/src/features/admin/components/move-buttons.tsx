import { ArrowDown, ArrowUp } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Move up and move down for the entry at `index` of an ordered list of `count`: icon buttons
 * labelled by the caller; the first entry cannot go up, the last not down.
 */
export function MoveButtons({
  index,
  count,
  upLabel,
  downLabel,
  disabled = false,
  onMove,
}: {
  index: number;
  count: number;
  upLabel: string;
  downLabel: string;
  /** Both off, e.g. while a move is being saved. */
  disabled?: boolean;
  /** Called with the new position. */
  onMove: (position: number) => void;
}) {
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={upLabel}
        disabled={index === 0 || disabled}
        onClick={() => onMove(index - 1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        type="button"
        variant="outline"
        size="icon"
        aria-label={downLabel}
        disabled={index === count - 1 || disabled}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
    </>
  );
}
