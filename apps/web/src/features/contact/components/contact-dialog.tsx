import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans } from 'react-i18next';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { z } from 'zod/mini';
import { ConsentCheckbox } from '@/components/consent-checkbox';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { EmailInput, Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-errors';
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
});
type ContactValues = z.infer<typeof contactSchema>;

export interface ContactDialogProps {
  onClose: () => void;
  returnFocusTo?: HTMLElement | null;
}

/**
 * First name, last name, email and accepted terms, all required (submit stays
 * disabled until they are there). Success closes the modal with a notice; a refusal shows the
 * server's `msg` in the modal.
 */
export function ContactDialog({ onClose, returnFocusTo }: ContactDialogProps) {
  const { t } = useTranslation(['Modal', 'Form', 'Error', 'Notifications']);
  const send = useSendContactRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: { firstname: '', subname: '', email: '', terms: false },
  });
  const [firstname, subname, email, terms] = useWatch({
    control,
    name: ['firstname', 'subname', 'email', 'terms'],
  });
  const complete = Boolean(firstname.trim() && subname.trim() && email.trim() && terms);

  const message = (key: string | undefined) =>
    key === 'required' || key === 'invalidEmail' ? t(key, { ns: 'Error' }) : undefined;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await send.mutateAsync(values);
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
        title={t('contactTitle')}
        description={t('contactText')}
        closeLabel={t('close')}
        returnFocusTo={returnFocusTo}
      >
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('firstname', { ns: 'Form' })} error={message(errors.firstname?.message)}>
              <Input autoComplete="given-name" {...register('firstname')} />
            </Field>
            <Field label={t('lastname', { ns: 'Form' })} error={message(errors.subname?.message)}>
              <Input autoComplete="family-name" {...register('subname')} />
            </Field>
          </div>
          <Field label={t('email', { ns: 'Form' })} error={message(errors.email?.message)}>
            <EmailInput {...register('email')} />
          </Field>
          <ConsentCheckbox
            field={register('terms')}
            invalid={Boolean(errors.terms)}
            label={(link) => (
              <Trans ns="Form" i18nKey="terms" components={{ privacy: link(paths.legal('datenschutz')) }} />
            )}
          />
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <DialogFooter className="pt-2">
            <Button variant="outline" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!complete || isSubmitting} aria-busy={isSubmitting || undefined}>
              {isSubmitting ? <Spinner className="size-4" /> : null}
              {t('contactSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
