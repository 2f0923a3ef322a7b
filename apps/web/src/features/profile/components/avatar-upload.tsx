import type { Person } from '@portal/contract/person';
import { Camera } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-errors';
import { useUploadAvatar } from '../api/upload-avatar';
import { checkAvatarFile, type AvatarProblem } from '../utils/avatar-file';
import { useObjectUrl } from './use-object-url';

/**
 * What went wrong: a check of this screen, or the server's own words where it named the problem
 * (a picture too large to decode, the image work busy), already in the user's language.
 */
type UploadProblem = AvatarProblem | 'failed' | { said: string };

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;

/**
 * Choose a picture → checked here (type by its first bytes, size) → preview → upload → the
 * user reloads and a notice shows. Problems are said next to the button.
 */
export function AvatarUpload({ user }: { user: Person }) {
  const { t } = useTranslation(['Profile', 'Notifications', 'Modal', 'Error']);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const preview = useObjectUrl(file);
  const upload = useUploadAvatar();

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const found = await checkAvatarFile(chosen);
    setProblem(found);
    setFile(found ? null : chosen);
  };

  const send = async () => {
    if (!file) return;
    try {
      await upload.mutateAsync({ oid: user.oid, file });
      setFile(null);
      toast.success(t('avatarUpdated', { ns: 'Notifications' }));
    } catch (error) {
      console.error(error);
      setFile(null);
      setProblem(
        isApiError(error, 'unsupportedMediaType')
          ? 'wrongType'
          : isApiError(error, 'payloadTooLarge')
            ? 'tooBig'
            : isApiError(error, 'imageTooLarge') || isApiError(error, 'unavailable')
              ? { said: error.message }
              : 'failed',
      );
    }
  };

  const message = {
    wrongType: t('avatarWrongType'),
    tooBig: t('avatarTooBig'),
    failed: t('uploadFailed', { ns: 'Error' }),
  };

  return (
    <div className="flex flex-col items-center gap-2 sm:items-start">
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = ''; // the same file can be chosen again
        }}
      />
      <Button
        variant="outline"
        size="sm"
        onClick={() => input.current?.click()}
        aria-describedby="avatar-hint"
      >
        <Camera aria-hidden="true" />
        {t('avatarUpload')}
      </Button>
      <p id="avatar-hint" className="text-xs text-muted-foreground">
        {t('avatarHint')}
      </p>
      {problem ? (
        <p role="alert" className="max-w-xs text-sm text-red-700 dark:text-red-400">
          {typeof problem === 'string' ? message[problem] : problem.said}
        </p>
      ) : null}

      <Dialog open={file !== null} onOpenChange={(open) => (open ? undefined : setFile(null))}>
        <DialogContent
          title={t('avatarPreviewTitle')}
          description={t('avatarPreviewText')}
          closeLabel={t('close', { ns: 'Modal' })}
          className="sm:max-w-sm"
        >
          <div className="flex flex-col items-center gap-3">
            {preview ? (
              <img
                src={preview}
                alt={t('avatarPreviewAlt')}
                className="size-40 rounded-full object-cover ring-4 ring-muted"
              />
            ) : (
              <span className="size-40 rounded-full bg-muted" />
            )}
            {file ? (
              <p className="max-w-full truncate text-sm text-muted-foreground">
                {file.name} · {megabytes(file.size)}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('cancel', { ns: 'Modal' })}</Button>
            </DialogClose>
            <Button disabled={upload.isPending} onClick={() => void send()}>
              {upload.isPending ? <Spinner className="size-4" /> : null}
              {t('avatarSave')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
