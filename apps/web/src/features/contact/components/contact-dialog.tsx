import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_LIMITS } from '@portal/contract/contact';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans } from 'react-i18next';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { z } from 'zod/mini';
import { ConsentCheckbox } from '@/components/consent-checkbox';
import { Button } from '@/components/ui/button';
import { MissingFields, RequiredNote } from '@/components/required-fields';
import { AutoGrowTextarea } from '@/components/ui/auto-grow-textarea';
import { Dialog, DialogContent, DialogFooter, useDiscardGuard } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { EmailInput, Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { useLanguage } from '@/hooks/use-language';
import { isApiError } from '@/lib/api-errors';
import type { ContactRequest } from '@/lib/app-events';
import { localized } from '@/lib/localized';
import { useSendContactRequest } from '../api/send-contact-request';

// The browser's own rule for type=email (WHATWG HTML): the form catches typos, the server decides
// (it is stricter, e.g. it wants a top-level domain; its refusal is shown as its `msg`).
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

// Messages are keys of the Error namespace, translated when shown.
const contactSchema = z.object({
  firstname: z.string().check(z.trim(), z.minLength(1, 'required')),
  subname: z.string().check(z.trim(), z.minLength(1, 'required')),
  email: z.string().check(z.trim(), z.minLength(1, 'required'), z.regex(emailPattern, 'invalidEmail')),
  terms: z.boolean().check(z.refine((accepted) => accepted, 'required')),
  message: z.string().check(z.maxLength(CONTACT_LIMITS.message)),
  /** '' while no package is chosen. */
  packageId: z.string(),
});
type ContactValues = z.infer<typeof contactSchema>;

export interface ContactDialogProps {
  onClose: () => void;
  returnFocusTo?: HTMLElement | null;
  /** Opened to ask for an offer (the price page): a package to choose, and it says so. */
  offer?: ContactRequest | undefined;
}

/**
 * First name, last name, email and accepted terms, all required (submit stays
 * disabled until they are there, and a line says which are missing); a message and, for an
 * offer, the package are optional. Success closes the modal with a notice; a refusal shows the
 * server's `msg` in the modal.
 */
export function ContactDialog({ onClose, returnFocusTo, offer }: ContactDialogProps) {
  const { t } = useTranslation(['Modal', 'Form', 'Error', 'Notifications']);
  const language = useLanguage();
  const missingId = useId();
  const send = useSendContactRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: { firstname: '', subname: '', email: '', terms: false, message: '', packageId: '' },
  });
  const [firstname, subname, email, terms] = useWatch({
    control,
    name: ['firstname', 'subname', 'email', 'terms'],
  });
  const missing = [
    ...(firstname.trim() ? [] : [t('firstname', { ns: 'Form' })]),
    ...(subname.trim() ? [] : [t('lastname', { ns: 'Form' })]),
    ...(email.trim() ? [] : [t('email', { ns: 'Form' })]),
    ...(terms ? [] : [t('termsShort', { ns: 'Form' })]),
  ];

  const message = (key: string | undefined) =>
    key === 'required' || key === 'invalidEmail' ? t(key, { ns: 'Error' }) : undefined;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { message, packageId, ...person } = values;
      const answer = await send.mutateAsync({
        ...person,
        ...(message.trim() ? { message: message.trim() } : {}),
        ...(offer ? { topic: 'offer' as const } : {}),
        ...(offer && packageId ? { packageId } : {}),
      });
      if (answer.success === 1) {
        toast.success(answer.msg || t('contactSent', { ns: 'Notifications' }));
        onClose();
        return;
      }
      setFailure(answer.msg || t('generic', { ns: 'Error' }));
    } catch (error) {
      console.error('Contact request failed', error);
      setFailure(isApiError(error) ? error.message : t('generic', { ns: 'Error' }));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={offer ? t('offerTitle') : t('contactTitle')}
        description={offer ? t('offerText') : t('contactText')}
        closeLabel={t('close')}
        returnFocusTo={returnFocusTo}
      >
        <DiscardGuard dirty={isDirty} />
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <RequiredNote />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('firstname', { ns: 'Form' })} error={message(errors.firstname?.message)} required>
              <Input autoComplete="given-name" {...register('firstname')} />
            </Field>
            <Field label={t('lastname', { ns: 'Form' })} error={message(errors.subname?.message)} required>
              <Input autoComplete="family-name" {...register('subname')} />
            </Field>
          </div>
          <Field label={t('email', { ns: 'Form' })} error={message(errors.email?.message)} required>
            <EmailInput {...register('email')} />
          </Field>
          {offer ? (
            <Field label={t('offerPackage')}>
              <NativeSelect {...register('packageId')}>
                <option value="">{t('offerPackageOpen')}</option>
                {offer.packages.map((pack) => (
                  <option key={pack.id} value={pack.id}>
                    {localized(pack.name, language)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          ) : null}
          <Field label={t('contactMessage')} hint={offer ? t('offerMessageHint') : undefined}>
            <AutoGrowTextarea minRows={3} maxRows={8} maxLength={CONTACT_LIMITS.message} {...register('message')} />
          </Field>
          <ConsentCheckbox
            required
            field={register('terms')}
            invalid={Boolean(errors.terms)}
            label={(link) => (
              <Trans ns="Form" i18nKey="terms" components={{ privacy: link(paths.legal('datenschutz')) }} />
            )}
          />
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <MissingFields id={missingId} labels={missing} />
          <DialogFooter className="pt-2">
            <Button variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              disabled={missing.length > 0 || isSubmitting}
              aria-busy={isSubmitting || undefined}
              aria-describedby={missing.length > 0 ? missingId : undefined}
            >
              {isSubmitting ? <Spinner className="size-4" /> : null}
              {t('contactSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The form's typing, reported to the dialog around it (it sits inside DialogContent). */
function DiscardGuard({ dirty }: { dirty: boolean }) {
  useDiscardGuard(dirty);
  return null;
}
