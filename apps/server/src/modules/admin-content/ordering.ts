import type { Page } from '@portal/contract/admin-common';

// Price packages and legal pages are short ordered lists (docs/admin.md#order): an object's
// `position` is its place in the list (0 = first); the stored sort_order is 1, 2, 3, … in that
// order. Moving one object renumbers the others, so the order never has ties or gaps.

/** The ids in their new order after `id` moved to `position` (past the end: last). */
export function moveTo(ordered: readonly string[], id: string, position: number): string[] {
  const rest = ordered.filter((other) => other !== id);
  const place = Math.min(Math.max(position, 0), rest.length);
  return [...rest.slice(0, place), id, ...rest.slice(place)];
}

/** The sort orders that change: id → its new sort_order. */
export function changedSortOrders(
  current: ReadonlyArray<{ id: string; sortOrder: number }>,
  order: readonly string[],
): Array<{ id: string; sortOrder: number }> {
  const before = new Map(current.map((row) => [row.id, row.sortOrder]));
  return order.map((id, index) => ({ id, sortOrder: index + 1 })).filter((row) => before.get(row.id) !== row.sortOrder);
}

/** One page of a list that is read whole (a handful of rows). */
export function pageOfList<T>(items: readonly T[], { page, pageSize }: { page: number; pageSize: number }): Page<T> {
  return { items: items.slice((page - 1) * pageSize, page * pageSize), page, pageSize, total: items.length };
}
