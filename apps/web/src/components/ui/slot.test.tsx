import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Slot } from './slot';

describe('Slot', () => {
  it('renders the child with merged props: classes joined, child props win, both handlers run', async () => {
    const ours = vi.fn();
    const theirs = vi.fn();
    const ref = createRef<HTMLElement>();
    render(
      <Slot className="a" title="slot" data-x="1" onClick={ours} ref={ref}>
        <a href="/x" className="b" title="child" onClick={theirs}>
          link
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'link' });
    expect(link).toHaveClass('a', 'b');
    expect(link).toHaveAttribute('title', 'child');
    expect(link).toHaveAttribute('data-x', '1');
    expect(ref.current).toBe(link);
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    expect(theirs).toHaveBeenCalledBefore(ours);
    expect(ours).toHaveBeenCalledOnce();
  });

  it('renders nothing without a single element child', () => {
    const { container } = render(<Slot>text</Slot>);
    expect(container).toBeEmptyDOMElement();
  });
});
