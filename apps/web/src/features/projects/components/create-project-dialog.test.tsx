import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, type TestText } from '@/testing/render-with-providers';
import { CreateProjectDialog } from './create-project-dialog';

// Creating a project as a new user meets it: which fields must be filled, why "Create" waits,
// why a domain is refused, and a stray tap beside the dialog does not throw the typing away.

const texts: TestText[] = [
  { namespace: 'Form', id: 'projectName', de: 'Projektname', en: 'Project name' },
  { namespace: 'Form', id: 'projectDescription', de: 'Beschreibung', en: 'Description' },
  { namespace: 'Form', id: 'missingFields', de: 'Noch auszufüllen: {{fields}}', en: 'Still to fill in: {{fields}}' },
  { namespace: 'Modal', id: 'create', de: 'Anlegen', en: 'Create' },
  { namespace: 'Modal', id: 'discardTitle', de: 'Eingaben verwerfen?', en: 'Discard what you typed?' },
  { namespace: 'Modal', id: 'discardKeep', de: 'Weiter bearbeiten', en: 'Keep editing' },
  { namespace: 'Modal', id: 'discardConfirm', de: 'Verwerfen', en: 'Discard' },
  { namespace: 'Projects', id: 'create', de: 'Projekt anlegen', en: 'Create project' },
  {
    namespace: 'Projects',
    id: 'hostEmptyLabel',
    de: 'Zwischen zwei Punkten sowie am Anfang und Ende muss ein Name stehen, z. B. www.example.com.',
    en: 'There must be a name between two dots and at the start and end, e.g. www.example.com.',
  },
];

async function openDialog() {
  const user = userEvent.setup();
  await renderWithProviders(<CreateProjectDialog userOid="u1" />, { texts });
  await user.click(await screen.findByRole('button', { name: 'Projekt anlegen' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('CreateProjectDialog', () => {
  it('marks name and description as required and says which is still missing', async () => {
    const { user, dialog } = await openDialog();
    const name = within(dialog).getByRole('textbox', { name: /Projektname/ });
    const description = within(dialog).getByRole('textbox', { name: /Beschreibung/ });
    expect(name).toBeRequired();
    expect(description).toBeRequired();
    const create = within(dialog).getByRole('button', { name: 'Anlegen' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('Noch auszufüllen: Projektname und Beschreibung');

    await user.type(name, 'Shop');
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription('Noch auszufüllen: Beschreibung');

    await user.type(description, 'Unser Shop');
    expect(create).toBeEnabled();
    expect(within(dialog).queryByText(/Noch auszufüllen/)).not.toBeInTheDocument();
  });

  it('names why "example..com" is no domain instead of talking about https://', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /Projektname/ }), 'Shop');
    await user.type(within(dialog).getByRole('textbox', { name: /Beschreibung/ }), 'Unser Shop');
    const [firstRow] = within(dialog).getAllByRole('textbox', { name: /domainRow/ });
    await user.type(firstRow!, 'example..com');
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(
      await within(dialog).findByText(
        'Zwischen zwei Punkten sowie am Anfang und Ende muss ein Name stehen, z. B. www.example.com.',
      ),
    ).toBeInTheDocument();
  });

  it('closes on Escape at once while nothing is typed', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before a tap beside the dialog or Escape throws away what was typed', async () => {
    const { user, dialog } = await openDialog();
    const name = within(dialog).getByRole('textbox', { name: /Projektname/ });
    await user.type(name, 'Halb getippt');

    await user.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Eingaben verwerfen?' });
    await user.click(within(question).getByRole('button', { name: 'Weiter bearbeiten' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(name).toHaveValue('Halb getippt');

    // The overlay: what a tap beside the dialog hits.
    const overlay = document.querySelector<HTMLElement>('[data-state="open"].fixed.inset-0');
    await user.click(overlay!);
    const again = await screen.findByRole('alertdialog', { name: 'Eingaben verwerfen?' });
    await user.click(within(again).getByRole('button', { name: 'Verwerfen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
