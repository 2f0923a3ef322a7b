import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

function Add() {
  const hydrated = useHydrated();
  return <button disabled={!hydrated}>Add</button>;
}

describe('useHydrated', () => {
  it('is false in the server markup and true once the browser has hydrated it', async () => {
    const markup = renderToString(<Add />);
    expect(markup).toContain('disabled');
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    await act(async () => {
      hydrateRoot(container, <Add />);
    });
    expect(container.querySelector('button')).toBeEnabled();
    container.remove();
  });

  it('is true at once in a page the app renders itself', () => {
    render(<Add />);
    expect(screen.getByRole('button', { name: 'Add' })).toBeEnabled();
  });
});
