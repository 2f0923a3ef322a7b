import { z } from 'zod';

// What every list of the admin console shares (docs/admin.md#paged-lists): the page asked for
// and the answer's shape. Query values arrive as strings, hence the coercion.

export const PAGE_LIMITS = { defaultSize: 25, maxSize: 100, maxPage: 10_000 } as const;

/** `page` (from 1) and `pageSize` (1 to 100, default 25); spread it into a list's query schema. */
export const pageQueryShape = {
  page: z.coerce.number().int().min(1).max(PAGE_LIMITS.maxPage).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_LIMITS.maxSize).default(PAGE_LIMITS.defaultSize),
};

export const pageQuerySchema = z.object(pageQueryShape).strict();
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** One page of a list: its items, where it is, and how many items the whole list has. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
