import { zodResolver } from '@hookform/resolvers/zod';
import { adminInviteSchema } from '@portal/contract/admin-person';
import { PERSON_LIMITS } from '@portal/contract/person';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormDialogFooter } from '@/components/form-dialog';
import { CompanyField, LanguageField, NameFields, SalutationField } from '@/components/person-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-errors';
import { useInviteAdminPerson } from '../api/admin-persons';
import { applyServerErrors, fieldErrorText } from '../utils/field-errors';

type InviteValues = z.input<typeof adminInviteSchema>;
type InviteOutput = z.output<typeof adminInviteSchema>;

const empty: InviteValues = { email: '', firstname: '', lastname: '', company: '', salutation: '', language: 'de', isAdmin: false };

/** "Invite customer": the invitation mail goes out; the new customer's page opens. */
export function InviteCustomerDialog() {
  const { t } = useTranslation(['AdminCustomers', 'Modal']);
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" />
          {t('invite')}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={t('inviteTitle')}
        description={t('inviteText')}
        closeLabel={t('close', { ns: 'Modal' })}
        className="sm:max-w-xl"
      >
        <InviteForm onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['AdminCustomers', 'Admin', 'Form', 'Modal']);
  const { t: tAdmin } = useTranslation('Admin');
  const navigate = useNavigate();
  const invite = useInviteAdminPerson();
  const form = useForm<InviteValues, unknown, InviteOutput>({
    resolver: zodResolver(adminInviteSchema),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;
  const error = (name: keyof InviteValues) => fieldErrorText(tAdmin, errors[name]);
  const input = (name: keyof InviteValues) => ({ field: form.register(name), error: error(name) });

  const submit = form.handleSubmit(async (values) => {
    try {
      const person = await invite.mutateAsync(values);
      onDone();
      toast.success(t('invited', { email: person.email }));
      void navigate(paths.adminCustomer(person.id));
    } catch (failure) {
      console.error(failure);
      if (isApiError(failure, 'emailTaken')) form.setError('email', { type: 'server', message: failure.message });
      else applyServerErrors(failure, form.setError, ['email', 'firstname', 'lastname', 'company']);
      form.setError('root', { message: 'failed' });
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <Field label={t('email', { ns: 'Form' })} error={error('email')} required>
        <Input type="email" autoComplete="off" maxLength={PERSON_LIMITS.email} {...form.register('email')} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <SalutationField field={form.register('salutation')} filledBy="admin" noneLabel={t('salutationNone')} />
        <LanguageField field={form.register('language')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <NameFields firstname={input('firstname')} lastname={input('lastname')} filledBy="admin" />
      </div>
      <CompanyField {...input('company')} filledBy="admin" />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-[var(--primary)]" {...form.register('isAdmin')} />
        {t('inviteAsAdmin')}
      </label>
      {errors.root ? <FormAlert>{tAdmin('saveFailed')}</FormAlert> : null}
      <FormDialogFooter submitLabel={t('inviteSubmit')} pending={isSubmitting} />
    </form>
  );
}
