import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { useUser } from '@/resources/person';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { testPerson } from '@/testing/test-person';
import { useUploadAvatar } from './upload-avatar';

const person = testPerson;

/** What every place showing the user (the top bar's button among them) reads: the user query. */
function AvatarOfUser() {
  const user = useUser();
  const upload = useUploadAvatar();
  return (
    <>
      <p>avatar: {user.data ? (user.data.avatar ?? 'none') : 'loading'}</p>
      <button type="button" onClick={() => upload.mutate({ oid: 'u1', file: new Blob(['x']) })}>
        upload
      </button>
    </>
  );
}

describe('an avatar upload', () => {
  it('puts the new avatar into the user at once, not only after the user is loaded again', async () => {
    window.localStorage.setItem(storageKeys.token, 'tokentokentoken');
    window.localStorage.setItem(storageKeys.oid, 'u1');
    let loads = 0;
    server.use(
      http.get('*/rest/collection/person/u1', async () => {
        loads += 1;
        // The reload after the upload is slow: the screen must not wait for it.
        if (loads > 1) await delay('infinite');
        return HttpResponse.json(person);
      }),
      http.post('*/rest/collection/person/u1/avatar', () =>
        HttpResponse.json({ ...person, avatar: '/rest/collection/person/u1/avatar?v=2' }),
      ),
    );
    await renderWithProviders(<AvatarOfUser />);
    await screen.findByText('avatar: none');
    await userEvent.setup().click(screen.getByRole('button', { name: 'upload' }));
    expect(await screen.findByText('avatar: /rest/collection/person/u1/avatar?v=2')).toBeInTheDocument();
  });
});
