import { Skeleton } from '@/components/ui/skeleton';

/** Three card-high placeholders while an admin list (services, price packages) loads. */
export function ListSkeleton() {
  return (
    <div className="grid gap-3">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-20 w-full rounded-xl" />
      ))}
    </div>
  );
}
