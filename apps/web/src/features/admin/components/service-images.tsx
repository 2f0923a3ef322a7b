import { ImagePlus, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import {
  ADMIN_SERVICE_LIMITS,
  SERVICE_IMAGE_MAX_BYTES,
  SERVICE_IMAGE_TYPES,
  type AdminGalleryImage,
  type AdminService,
  type ServiceImageSlot,
} from '@portal/contract/admin-service';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-errors';
import { localized } from '@/lib/localized';
import { useChangeGalleryImage, useUploadServiceImage } from '../api/admin-services';
import { MoveButtons } from './move-buttons';

const accept = SERVICE_IMAGE_TYPES.join(',');
const maxMegabytes = SERVICE_IMAGE_MAX_BYTES / 1024 / 1024;

/**
 * Logo, thumbnail and gallery of a saved service. Each action is stored at once (the server
 * re-encodes every picture); the text form beside it is not touched, so nothing typed is lost.
 */
export function ServiceImages({ service }: { service: AdminService }) {
  const { t } = useTranslation('AdminServices');
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">{t('imagesIntro', { megabytes: maxMegabytes })}</p>
      <div className="grid gap-6 sm:grid-cols-2">
        <SingleImage service={service} slot="logo" url={service.logo} label={t('logo')} />
        <SingleImage service={service} slot="thumbnail" url={service.thumbnail} label={t('thumbnail')} />
      </div>
      <Gallery service={service} />
    </div>
  );
}

function useUploadMessage() {
  const { t } = useTranslation('AdminServices');
  return (error: unknown) => {
    if (isApiError(error) && error.status === 413) return t('uploadTooLarge', { megabytes: maxMegabytes });
    if (isApiError(error) && error.status === 415) return t('uploadNotImage');
    return isApiError(error) ? error.message : t('uploadFailed');
  };
}

function tooLarge(file: File): boolean {
  return file.size > SERVICE_IMAGE_MAX_BYTES;
}

/**
 * The browser's file picker for one picture, opened by a button (the input itself is hidden from
 * everyone). It is emptied after each choice, so the same file can be chosen again.
 */
function ImageFileInput({
  ref,
  id,
  onFile,
}: {
  ref: RefObject<HTMLInputElement | null>;
  id?: string;
  onFile: (file: File | null) => void;
}) {
  return (
    <input
      ref={ref}
      id={id}
      type="file"
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        const file = event.target.files?.[0] ?? null;
        event.target.value = '';
        onFile(file);
      }}
    />
  );
}

function SingleImage({
  service,
  slot,
  url,
  label,
}: {
  service: AdminService;
  slot: Exclude<ServiceImageSlot, 'gallery'>;
  url: string | null;
  label: string;
}) {
  const { t } = useTranslation('AdminServices');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadServiceImage(service.id);
  const message = useUploadMessage();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <section aria-label={label} className="flex flex-col gap-3 rounded-xl border border-border p-4">
      <h3 className="font-semibold">{label}</h3>
      <div className="grid h-28 place-items-center rounded-lg bg-muted">
        {url ? (
          <img src={url} alt={t('currentImage', { label })} className="max-h-24 max-w-full object-contain" />
        ) : (
          <span className="text-sm text-muted-foreground">{t('noImage')}</span>
        )}
      </div>
      <ImageFileInput
        ref={input}
        onFile={(file) => {
          if (!file) return;
          if (tooLarge(file)) return setProblem(t('uploadTooLarge', { megabytes: maxMegabytes }));
          setProblem(null);
          upload.mutate(
            { slot, file },
            {
              onSuccess: () => toast.success(t('imageSaved')),
              onError: (error) => setProblem(message(error)),
            },
          );
        }}
      />
      <div>
        <Button type="button" variant="outline" disabled={upload.isPending} onClick={() => input.current?.click()}>
          {upload.isPending ? <Spinner className="size-4" /> : <Upload aria-hidden="true" />}
          {t('uploadFor', { label })}
        </Button>
      </div>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
    </section>
  );
}

function Gallery({ service }: { service: AdminService }) {
  const { t } = useTranslation('AdminServices');
  const language = useLanguage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [names, setNames] = useState({ de: '', en: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminGalleryImage | null>(null);
  const upload = useUploadServiceImage(service.id);
  const change = useChangeGalleryImage(service.id);
  const message = useUploadMessage();
  const full = service.gallery.length >= ADMIN_SERVICE_LIMITS.gallery;
  const imageName = (image: AdminGalleryImage, index: number) =>
    localized(image.name, language) || t('galleryImageNumber', { number: index + 1 });

  const move = (image: AdminGalleryImage, position: number) =>
    change.mutate({ imageId: image.id, changes: { position } }, { onError: () => toast.error(t('saveFailed')) });

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('gallery')}
      </h3>
      {service.gallery.length === 0 ? <p className="text-sm text-muted-foreground">{t('galleryEmpty')}</p> : null}
      <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {service.gallery.map((image, index) => {
          const name = imageName(image, index);
          return (
            <li key={image.id} className="flex flex-col gap-2 rounded-xl border border-border p-3">
              <img src={image.preview} alt={name} className="aspect-video w-full rounded-md bg-muted object-cover" />
              <GalleryNames service={service} image={image} />
              <div className="flex flex-wrap gap-2">
                <MoveButtons
                  index={index}
                  count={service.gallery.length}
                  upLabel={t('imageUp', { name })}
                  downLabel={t('imageDown', { name })}
                  disabled={change.isPending}
                  onMove={(position) => move(image, position)}
                />
                <Button type="button" variant="outline" aria-label={t('imageDeleteNamed', { name })} onClick={() => setDeleting(image)}>
                  <Trash2 aria-hidden="true" />
                  {t('imageDelete')}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-col gap-3 rounded-xl border border-dashed border-border p-4">
        <h4 className="text-sm font-semibold">{t('galleryAdd')}</h4>
        <div className="grid gap-3 sm:grid-cols-2">
          <ImageNameFields names={names} onChange={setNames} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ImageFileInput
            ref={input}
            id={`${id}-file`}
            onFile={(chosen) => {
              setProblem(chosen && tooLarge(chosen) ? t('uploadTooLarge', { megabytes: maxMegabytes }) : null);
              setFile(chosen && !tooLarge(chosen) ? chosen : null);
            }}
          />
          <Button type="button" variant="outline" disabled={full} onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden="true" />
            {t('chooseImage')}
          </Button>
          <span className="min-w-0 text-sm break-all text-muted-foreground" aria-live="polite">
            {file ? file.name : t('noFileChosen')}
          </span>
        </div>
        <div>
          <Button
            type="button"
            disabled={!file || full || upload.isPending}
            onClick={() =>
              file &&
              upload.mutate(
                { slot: 'gallery', file, name: names },
                {
                  onSuccess: () => {
                    setFile(null);
                    setNames({ de: '', en: '' });
                    setProblem(null);
                    toast.success(t('imageSaved'));
                  },
                  onError: (error) => setProblem(message(error)),
                },
              )
            }
          >
            {upload.isPending ? <Spinner className="size-4" /> : <Upload aria-hidden="true" />}
            {t('uploadImage')}
          </Button>
        </div>
        {full ? <p className="text-sm text-muted-foreground">{t('galleryFull', { count: ADMIN_SERVICE_LIMITS.gallery })}</p> : null}
        {problem ? <FormAlert>{problem}</FormAlert> : null}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            change.reset();
          }
        }}
        title={t('imageDeleteTitle')}
        description={t('imageDeleteText')}
        subject={deleting ? imageName(deleting, service.gallery.indexOf(deleting)) : ''}
        confirmLabel={t('imageDelete')}
        failedMessage={change.isError ? t('saveFailed') : null}
        pending={change.isPending}
        onConfirm={() =>
          deleting &&
          change.mutate(
            { imageId: deleting.id, changes: null },
            {
              onSuccess: () => {
                setDeleting(null);
                toast.success(t('imageDeleted'));
              },
            },
          )
        }
      />
    </section>
  );
}

/** A picture's names, saved with their own button. */
function GalleryNames({ service, image }: { service: AdminService; image: AdminGalleryImage }) {
  const { t } = useTranslation('AdminServices');
  const [names, setNames] = useState(image.name);
  const change = useChangeGalleryImage(service.id);
  const dirty = names.de !== image.name.de || names.en !== image.name.en;
  return (
    <div className="grid gap-2">
      <ImageNameFields names={names} onChange={setNames} />
      {dirty ? (
        <div>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={change.isPending}
            onClick={() =>
              change.mutate(
                { imageId: image.id, changes: { name: names } },
                { onSuccess: () => toast.success(t('imageSaved')), onError: () => toast.error(t('saveFailed')) },
              )
            }
          >
            {t('imageNamesSave')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

type ImageNames = AdminGalleryImage['name'];

/** A gallery picture's name in both languages (for a new picture, and to rename one). */
function ImageNameFields({ names, onChange }: { names: ImageNames; onChange: (names: ImageNames) => void }) {
  const { t } = useTranslation('AdminServices');
  return (
    <>
      <Field label={t('imageNameDe')}>
        <Input maxLength={ADMIN_SERVICE_LIMITS.galleryName} value={names.de} onChange={(e) => onChange({ ...names, de: e.target.value })} />
      </Field>
      <Field label={t('imageNameEn')}>
        <Input maxLength={ADMIN_SERVICE_LIMITS.galleryName} value={names.en} onChange={(e) => onChange({ ...names, en: e.target.value })} />
      </Field>
    </>
  );
}
