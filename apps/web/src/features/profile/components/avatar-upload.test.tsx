import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw-server';
import { renderWithProviders } from '@/testing/render-with-providers';
import { testPerson } from '@/testing/test-person';
import { AvatarUpload } from './avatar-upload';

const person = testPerson;

// The first bytes of a PNG: the screen's own check lets it through, the server decides.
const png = new File(
  [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])],
  'me.png',
  {
    type: 'image/png',
  },
);

async function uploadAnswered(status: number, body: { error: { code: string; message: string } }) {
  server.use(http.post('*/rest/collection/person/u1/avatar', () => HttpResponse.json(body, { status })));
  await renderWithProviders(<AvatarUpload user={person} />);
  const user = userEvent.setup();
  await screen.findByRole('button', { name: 'avatarUpload' });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, png);
  await user.click(await screen.findByRole('button', { name: 'avatarSave' }));
  return screen.findByRole('alert');
}

describe('avatar upload', () => {
  it("says the server's reason when the picture is too large to decode", async () => {
    const said =
      'Das Bild ist zu groß oder zu schmal: höchstens 40 Megapixel und ein Seitenverhältnis bis 10:1.';
    const alert = await uploadAnswered(422, { error: { code: 'imageTooLarge', message: said } });
    expect(alert).toHaveTextContent(said);
  });

  it('says to try again in a moment while the server is busy with pictures', async () => {
    const said = 'Der Dienst ist gerade überlastet. Bitte versuche es gleich noch einmal.';
    const alert = await uploadAnswered(503, { error: { code: 'unavailable', message: said } });
    expect(alert).toHaveTextContent(said);
  });

  it('keeps the general message for failures the server did not explain', async () => {
    const alert = await uploadAnswered(500, { error: { code: 'internal', message: 'Interner Fehler' } });
    expect(alert).toHaveTextContent('uploadFailed');
    expect(alert).not.toHaveTextContent('Interner Fehler');
  });
});
