import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { AdminScreen } from './admin-screen';
import { MoveButtons } from './move-buttons';

// The pieces the admin screens of ordered content (price packages, legal pages) share: the
// screen that switches between the list and the editor, the list with its move, edit and delete
// buttons and delete confirmation, and the editor's footer.

/** The list, or the editor of one entry (or of a new one, from the screen's "new" button). */
export function OrderedContentScreen<T>({
  title,
  newLabel,
  list,
  editor,
}: {
  title: string;
  newLabel: string;
  list: (onEdit: (entry: T) => void) => ReactNode;
  editor: (entry: T | null, onDone: () => void) => ReactNode;
}) {
  const [editing, setEditing] = useState<{ entry: T | null } | null>(null);
  return (
    <AdminScreen
      title={title}
      actions={
        editing === null ? (
          <Button onClick={() => setEditing({ entry: null })}>
            <Plus aria-hidden="true" />
            {newLabel}
          </Button>
        ) : null
      }
    >
      {editing === null ? list((entry) => setEditing({ entry })) : editor(editing.entry, () => setEditing(null))}
    </AdminScreen>
  );
}

/** The entries in their order, each on a card with its summary and buttons; deleting asks first. */
export function OrderedContentList<T extends { id: string }>({
  intro,
  label,
  emptyTitle,
  query,
  pending,
  nameOf,
  summary,
  deletable = () => true,
  moving,
  onMove,
  onEdit,
  remove,
  deleteTitle,
  deleteText,
}: {
  intro: string;
  /** The list's accessible name. */
  label: string;
  emptyTitle: string;
  query: UseQueryResult<{ items: T[] }>;
  pending: ReactNode;
  nameOf: (entry: T) => string;
  /** The card's heading and details. */
  summary: (entry: T, name: string) => ReactNode;
  deletable?: (entry: T) => boolean;
  moving: boolean;
  onMove: (entry: T, position: number) => void;
  onEdit: (entry: T) => void;
  remove: UseMutationResult<unknown, Error, string>;
  deleteTitle: string;
  deleteText: string;
}) {
  const [deleting, setDeleting] = useState<T | null>(null);
  return (
    <>
      <p className="max-w-2xl text-sm text-muted-foreground">{intro}</p>
      <QueryState query={query} pending={pending}>
        {(list) =>
          list.items.length === 0 ? (
            <EmptyState title={emptyTitle} />
          ) : (
            <ol className="grid gap-3" aria-label={label}>
              {list.items.map((entry, index) => {
                const name = nameOf(entry);
                return (
                  <li key={entry.id}>
                    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                      <div className="flex min-w-0 flex-col gap-1">{summary(entry, name)}</div>
                      <OrderedEntryActions
                        name={name}
                        index={index}
                        count={list.items.length}
                        moving={moving}
                        onMove={(position) => onMove(entry, position)}
                        onEdit={() => onEdit(entry)}
                        onDelete={deletable(entry) ? () => setDeleting(entry) : undefined}
                      />
                    </Card>
                  </li>
                );
              })}
            </ol>
          )
        }
      </QueryState>
      <DeleteEntryDialog
        entry={deleting}
        subject={deleting ? nameOf(deleting) : ''}
        title={deleteTitle}
        description={deleteText}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

/** Move up, move down, edit and (unless it cannot be deleted) delete, labelled with the entry's name. */
function OrderedEntryActions({
  name,
  index,
  count,
  moving,
  onMove,
  onEdit,
  onDelete,
}: {
  name: string;
  index: number;
  count: number;
  moving: boolean;
  onMove: (position: number) => void;
  onEdit: () => void;
  /** Left out for an entry that cannot be deleted. */
  onDelete?: () => void;
}) {
  const { t } = useTranslation('AdminContent');
  return (
    <div className="flex flex-wrap gap-2">
      <MoveButtons
        index={index}
        count={count}
        upLabel={t('moveUp', { name })}
        downLabel={t('moveDown', { name })}
        disabled={moving}
        onMove={onMove}
      />
      <Button variant="outline" onClick={onEdit} aria-label={t('editNamed', { name })}>
        <Pencil aria-hidden="true" />
        {t('edit')}
      </Button>
      {onDelete ? (
        <Button variant="outline" onClick={onDelete} aria-label={t('deleteNamed', { name })}>
          <Trash2 aria-hidden="true" />
          {t('delete')}
        </Button>
      ) : null}
    </div>
  );
}

/** Asks before deleting `entry`; closes and says so once the server has deleted it. */
function DeleteEntryDialog({
  entry,
  subject,
  title,
  description,
  remove,
  onClose,
}: {
  entry: { id: string } | null;
  subject: string;
  title: string;
  description: string;
  remove: UseMutationResult<unknown, Error, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation('AdminContent');
  return (
    <ConfirmDialog
      open={entry !== null}
      onOpenChange={(open) => {
        if (!open) {
          onClose();
          remove.reset();
        }
      }}
      title={title}
      description={description}
      subject={subject}
      confirmLabel={t('delete')}
      failedMessage={remove.isError ? t('saveFailed') : null}
      pending={remove.isPending}
      onConfirm={() =>
        entry &&
        remove.mutate(entry.id, {
          onSuccess: () => {
            onClose();
            toast.success(t('deleted'));
          },
        })
      }
    />
  );
}

/** The editor's form-wide message, save and cancel (which asks before dropping changes). */
export function EntryEditorFooter({
  rootError,
  submitting,
  dirty,
  onDone,
}: {
  rootError: string | undefined;
  submitting: boolean;
  dirty: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('AdminContent');
  return (
    <>
      {rootError !== undefined ? <FormAlert>{rootError}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={submitting}>
          {submitting ? <Spinner className="size-4" /> : null}
          {t('save')}
        </Button>
        <Button type="button" variant="outline" onClick={() => (!dirty || window.confirm(t('discardChanges'))) && onDone()}>
          {t('cancel')}
        </Button>
      </div>
    </>
  );
}
