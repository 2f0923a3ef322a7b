import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithRetry } from './lazy-with-retry';

class Boundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

function mount(Lazy: ComponentType & { retry: () => void }) {
  return render(
    <Boundary onError={Lazy.retry}>
      <Suspense fallback={<p>loading</p>}>
        <Lazy />
      </Suspense>
    </Boundary>,
  );
}

describe('lazyWithRetry', () => {
  it('loads the component again after a failed attempt', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<() => ReactNode>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(() => <p>loaded</p>);
    const Lazy = lazyWithRetry(load);

    const first = mount(Lazy);
    expect(await screen.findByText('failed')).toBeInTheDocument();
    first.unmount();

    mount(Lazy);
    expect(await screen.findByText('loaded')).toBeInTheDocument();
    // Exactly one new attempt: no loop of loads while the failure is on screen.
    expect(load).toHaveBeenCalledTimes(2);
  });
});
