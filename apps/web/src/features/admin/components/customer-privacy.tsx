import type { AdminPerson } from '@portal/contract/admin-person';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { DangerButton } from '@/components/ui/danger-button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-errors';
import { useDeleteCustomer, useDownloadCustomerData } from '../api/admin-persons';

/**
 * A customer's data export and account deletion in the console (docs/privacy.md): both are
 * audited by the server; the deletion needs the admin's own password or authenticator code.
 */
export function CustomerPrivacy({ person }: { person: AdminPerson }) {
  const { t } = useTranslation(['AdminCustomers', 'Error']);
  const download = useDownloadCustomerData(person.id);
  return (
    <section
      aria-labelledby="customer-privacy"
      className="flex flex-col gap-3 rounded-xl border border-border p-4"
    >
      <h2 id="customer-privacy" className="text-lg font-semibold">
        {t('privacyTitle')}
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(undefined, { onSuccess: (file) => toast.success(t('downloadDone', { file })) })
          }
        >
          {download.isPending ? <Spinner className="size-4" /> : null}
          {t('downloadData')}
        </Button>
        <DeleteCustomer person={person} />
      </div>
      {download.isError ? (
        <FormAlert>
          {isApiError(download.error, 'rateLimited')
            ? t('rateLimited', { ns: 'Error' })
            : t('downloadFailed')}
        </FormAlert>
      ) : null}
    </section>
  );
}

function DeleteCustomer({ person }: { person: AdminPerson }) {
  const { t } = useTranslation(['AdminCustomers', 'Modal', 'Error']);
  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const deletion = useDeleteCustomer(person.id);
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!proof) {
      setProblem(t('required', { ns: 'Error' }));
      return;
    }
    // Six digits are the authenticator's code (a password has at least eight characters).
    const code = proof.replace(/\s/g, '');
    deletion.mutate(/^\d{6}$/.test(code) ? { code } : { password: proof }, {
      onSuccess: () => {
        setOpen(false);
        toast.success(t('customerDeleted', { email: person.email }));
        void navigate(paths.adminCustomers());
      },
      onError: (error) => {
        if (isApiError(error, 'pwWrong')) setProblem(t('pwWrong', { ns: 'Error' }));
        else if (isApiError(error, 'mfaCodeWrong')) setProblem(t('mfaCodeWrong', { ns: 'Error' }));
        else if (isApiError(error)) setProblem([error.message, ...error.problems].join(' '));
        else setProblem(t('generic', { ns: 'Error' }));
      },
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProof('');
        setProblem(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">{t('deleteCustomer')}</Button>
      </DialogTrigger>
      <DialogContent
        title={t('deleteCustomerTitle', { email: person.email })}
        closeLabel={t('close', { ns: 'Modal' })}
        className="sm:max-w-lg"
      >
        <form noValidate onSubmit={submit} className="grid gap-4">
          <p className="text-sm">{t('deleteCustomerText')}</p>
          <Field label={t('ownProof')} error={problem ?? undefined} required>
            <Input
              type="password"
              autoComplete="current-password"
              value={proof}
              onChange={(event) => {
                setProof(event.target.value);
                setProblem(null);
              }}
            />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('cancel', { ns: 'Modal' })}</Button>
            </DialogClose>
            <DangerButton type="submit" disabled={deletion.isPending}>
              {deletion.isPending ? <Spinner className="size-4" /> : null}
              {t('deleteCustomer')}
            </DangerButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
