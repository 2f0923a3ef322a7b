import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParams } from './use-search-params';

function Query() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <p>{params.toString() || 'none'}</p>
      <button onClick={() => setParams({ from: '2026-01-01', to: '2026-01-31' })}>Period</button>
      <button
        onClick={() =>
          setParams((current) => {
            current.set('page', '3');
            return current;
          })
        }
      >
        Page 3
      </button>
      <button onClick={() => setParams(new URLSearchParams(), { replace: true })}>Clear</button>
    </>
  );
}

function renderAt(entry: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Query /> }], { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  return router;
}

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('useSearchParams', () => {
  it('reads the query and navigates to the same page with another one', async () => {
    const router = renderAt('/list?q=a&page=2');
    expect(screen.getByText('q=a&page=2')).toBeInTheDocument();
    await click('Period');
    expect(router.state.location).toMatchObject({
      pathname: '/list',
      search: '?from=2026-01-01&to=2026-01-31',
    });
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.getByText('from=2026-01-01&to=2026-01-31')).toBeInTheDocument();
  });

  it('takes a function of the current query, and navigate options', async () => {
    const router = renderAt('/list?q=a');
    await click('Page 3');
    expect(router.state.location.search).toBe('?q=a&page=3');
    await click('Clear');
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('none')).toBeInTheDocument();
  });
});
