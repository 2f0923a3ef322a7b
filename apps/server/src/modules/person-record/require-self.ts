import { notFound } from '../../lib/http-error.js';
import type { SessionPerson } from './person.mapper.js';

/** People see and change only themselves; anyone else's id is simply not found. */
export function requireSelf(requestedId: string, user: SessionPerson): void {
  if (requestedId !== user.id) throw notFound();
}
