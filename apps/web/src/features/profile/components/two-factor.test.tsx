import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { TwoFactorCard } from './two-factor';

function answerStatus(totp: boolean) {
  server.use(
    http.get('*/rest/collection/person/u1/mfa', () =>
      HttpResponse.json({ totp, recoveryCodesLeft: totp ? 10 : 0, methods: totp ? ['totp', 'recovery'] : [] }),
    ),
  );
}

describe('two-factor card', () => {
  it('tells an admin sent from the console why they need it', async () => {
    answerStatus(false);
    await renderWithProviders(<TwoFactorCard oid="u1" />, { path: '/profile?mfa=required' });
    expect(await screen.findByRole('status')).toHaveTextContent('mfaRequiredForAdmin');
  });

  it('says nothing of the kind when opened from the profile, or once the factor is on', async () => {
    answerStatus(false);
    const first = await renderWithProviders(<TwoFactorCard oid="u1" />, { path: '/profile' });
    expect(await screen.findByRole('button', { name: 'mfaSetUp' })).toBeInTheDocument();
    expect(screen.queryByText('mfaRequiredForAdmin')).toBeNull();
    first.unmount();

    answerStatus(true);
    await renderWithProviders(<TwoFactorCard oid="u1" />, { path: '/profile?mfa=required' });
    expect(await screen.findByText('mfaOnText')).toBeInTheDocument();
    expect(screen.queryByText('mfaRequiredForAdmin')).toBeNull();
  });
});
