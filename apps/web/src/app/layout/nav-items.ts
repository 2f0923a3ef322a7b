import type { MouseEvent } from 'react';
import { paths } from '@/config/paths';
import { requestLogin } from '@/lib/app-events';
import { readSession } from '@/lib/session';

export type NavItemId = 'services' | 'price' | 'projects';

export interface NavItem {
  id: NavItemId;
  to: string;
  /** Signed out, the projects need a login first: the login modal opens, then we go on. */
  needsLogin?: true;
}

export const navItems: readonly NavItem[] = [
  { id: 'services', to: paths.services() },
  { id: 'price', to: paths.price() },
  { id: 'projects', to: paths.projects(), needsLogin: true },
];

/** Click handler of a nav link: asks for a login first where the target needs one. */
export function onNavClick(item: NavItem, event: MouseEvent, after?: () => void): void {
  if (item.needsLogin && !readSession()) {
    event.preventDefault();
    requestLogin({ next: item.to });
  }
  after?.();
}
