import { Component, type ReactNode } from 'react';

interface LazyBoundaryProps {
  /** Called when the lazy part failed (e.g. its chunk could not be loaded while offline). */
  onError: () => void;
  /** Shown instead when it failed (nothing by default: an overlay simply does not open). */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * Around lazily loaded parts (dialogs, menus, the lightbox, the toaster): a chunk that fails to load must
 * not take the whole shell down with it (the root error boundary would replace the page). The
 * failure is logged to the console and the overlay simply does not open.
 */
export class LazyBoundary extends Component<LazyBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A part of the page could not be loaded.', error);
    this.props.onError();
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
