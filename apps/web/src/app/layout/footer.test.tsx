import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { Footer } from './footer';

// Without texts the keys show (i18next returns the key): 'ctaTitle', 'imprint' …
describe('the footer', () => {
  it('on public pages: the call to action, product links, contact and legal links', async () => {
    await renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'ctaTitle' })).toBeInTheDocument();
    expect(within(footer).getByText('tagline')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'imprint' })).toBeInTheDocument();
  });

  it('on screens of the signed-in user: compact, only version, legal links and language', async () => {
    await renderWithProviders(<Footer compact />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('heading')).toBeNull();
    expect(within(footer).queryByRole('button', { name: /ctaButton/ })).toBeNull();
    expect(within(footer).queryByText('tagline')).toBeNull();
    expect(within(footer).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'imprint',
      'privacy',
      'terms',
    ]);
    expect(within(footer).getByRole('combobox', { name: 'language' })).toBeInTheDocument();
    expect(within(footer).getByText(/versionLabel/)).toBeInTheDocument();
  });
});
