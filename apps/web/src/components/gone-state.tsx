import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

/**
 * What a project or licence page says when what it shows was removed meanwhile (in another tab,
 * by another person) instead of a generic error, with the way back to the projects.
 */
export function GoneState({ title, text, back }: { title: string; text: string; back: string }) {
  return (
    <EmptyState
      title={title}
      actions={
        <Button asChild variant="outline">
          <Link to={paths.projects()}>{back}</Link>
        </Button>
      }
    >
      <p>{text}</p>
    </EmptyState>
  );
}
