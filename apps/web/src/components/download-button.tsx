import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

/**
 * A button that fetches a file and saves it (lib/save-file.ts): a spinner while it loads, and
 * `failedMessage` as an alert under it when that failed.
 */
export function DownloadButton({
  download,
  label,
  failedMessage,
  className,
}: {
  download: () => Promise<unknown>;
  label: string;
  failedMessage: string;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <div className={cn('flex flex-col items-start gap-1.5', className)}>
      <Button
        variant="outline"
        disabled={state === 'busy'}
        onClick={() => {
          setState('busy');
          download()
            .then(() => setState('idle'))
            .catch((error: unknown) => {
              console.error(error);
              setState('failed');
            });
        }}
      >
        {state === 'busy' ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
        {label}
      </Button>
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failedMessage}
        </p>
      ) : null}
    </div>
  );
}
