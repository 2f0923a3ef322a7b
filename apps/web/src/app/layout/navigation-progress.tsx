import { useNavigation } from 'react-router';
import { cn } from '@/lib/cn';

/** A thin bar while a route preloads, so a click never looks ignored. */
export function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  return (
    <div
      aria-hidden="true"
      className={cn(
        'fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-primary transition-[transform,opacity] duration-500 motion-reduce:transition-none',
        busy ? 'scale-x-75 opacity-100' : 'scale-x-0 opacity-0 duration-200',
      )}
    />
  );
}
