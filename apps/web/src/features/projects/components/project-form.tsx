import { zodResolver } from '@hookform/resolvers/zod';
import { PROJECT_LIMITS } from '@portal/contract/project';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { z } from 'zod';
import { AutoGrowTextarea } from '@/components/ui/auto-grow-textarea';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter, useDiscardGuard } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/ui/form-alert';
import { MissingFields, RequiredNote } from '@/components/required-fields';
import { isApiError } from '@/lib/api-errors';
import { compactDomains, invalidRows, isHostProblem, toRows } from '../utils/domain-list';
import { DomainListInput } from './domain-list-input';

export interface ProjectFormValues {
  name: string;
  description: string;
  domainsProduction: string[];
  domainsSandbox: string[];
}

// Each refused row carries its problem (contract HOST_PROBLEMS), a key of the Projects texts.
const domainRows = z.array(z.string()).superRefine((rows, context) => {
  for (const { index, problem } of invalidRows(rows))
    context.addIssue({ code: 'custom', path: [index], message: problem });
});

// Messages are translation keys; the fields translate them.
const schema = z.object({
  name: z.string().trim().min(1, 'required').max(PROJECT_LIMITS.name),
  description: z.string().trim().min(1, 'required').max(PROJECT_LIMITS.description),
  domainsProduction: domainRows,
  domainsSandbox: domainRows,
});

export interface ProjectFormProps {
  initial?: Partial<ProjectFormValues>;
  /** Receives trimmed values with empty domain rows dropped. */
  onSubmit: (values: ProjectFormValues) => Promise<unknown>;
  submitLabel: ReactNode;
  cancelLabel: ReactNode;
}

/**
 * Name, description and the two domain lists: creating a project and its settings (rules:
 * name and description required, the button disabled while either is empty, and a line
 * under the form names what is still empty).
 */
export function ProjectForm({ initial, onSubmit, submitLabel, cancelLabel }: ProjectFormProps) {
  const { t } = useTranslation(['Projects', 'Form', 'Error']);
  const form = useForm<ProjectFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: initial?.name ?? '',
      description: initial?.description ?? '',
      domainsProduction: toRows(initial?.domainsProduction ?? []),
      domainsSandbox: toRows(initial?.domainsSandbox ?? []),
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  useDiscardGuard(isDirty);
  const [name, description] = useWatch({ control: form.control, name: ['name', 'description'] });
  const missing = [
    ...(name.trim() === '' ? [t('projectName', { ns: 'Form' })] : []),
    ...(description.trim() === '' ? [t('projectDescription', { ns: 'Form' })] : []),
  ];
  const missingId = useId();

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({
        name: values.name.trim(),
        description: values.description.trim(),
        domainsProduction: compactDomains(values.domainsProduction),
        domainsSandbox: compactDomains(values.domainsSandbox),
      });
    } catch (error) {
      const fields = isApiError(error, 'validation') ? error.fields : {};
      if (fields.name) form.setError('name', { message: 'invalid' });
      if (fields.description) form.setError('description', { message: 'invalid' });
      form.setError('root', { message: Object.keys(fields).length ? 'invalidInput' : 'saveFailed' });
    }
  });

  const fieldError = (message: string | undefined) => {
    if (!message) return undefined;
    return message === 'required' ? t('required', { ns: 'Error' }) : t('invalidValue', { ns: 'Projects' });
  };
  const rowErrors = (list: 'domainsProduction' | 'domainsSandbox') => {
    const listErrors = errors[list];
    return toRows(form.getValues(list)).map((_, index) => {
      const problem = Array.isArray(listErrors) ? (listErrors[index] as FieldError | undefined)?.message : undefined;
      return isHostProblem(problem) ? t(problem, { ns: 'Projects' }) : undefined;
    });
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <RequiredNote />
      <Field label={t('projectName', { ns: 'Form' })} error={fieldError(errors.name?.message)} required>
        <Input autoComplete="off" maxLength={PROJECT_LIMITS.name} {...form.register('name')} />
      </Field>
      <Field
        label={t('projectDescription', { ns: 'Form' })}
        error={fieldError(errors.description?.message)}
        required
      >
        <AutoGrowTextarea
          minRows={3}
          maxRows={5}
          maxLength={PROJECT_LIMITS.description}
          {...form.register('description')}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="domainsProduction"
          render={({ field }) => (
            <DomainListInput
              legend={t('domainsProduction', { ns: 'Form' })}
              placeholder={t('placeholderProduction', { ns: 'Projects' })}
              value={field.value}
              onChange={field.onChange}
              rowErrors={rowErrors('domainsProduction')}
            />
          )}
        />
        <Controller
          control={form.control}
          name="domainsSandbox"
          render={({ field }) => (
            <DomainListInput
              legend={t('domainsSandbox', { ns: 'Form' })}
              placeholder={t('placeholderSandbox', { ns: 'Projects' })}
              value={field.value}
              onChange={field.onChange}
              rowErrors={rowErrors('domainsSandbox')}
            />
          )}
        />
      </div>
      {errors.root?.message ? (
        <FormAlert>
          {errors.root.message === 'invalidInput'
            ? t('invalidInput', { ns: 'Projects' })
            : t('saveFailed', { ns: 'Projects' })}
        </FormAlert>
      ) : null}
      <MissingFields id={missingId} labels={missing} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{cancelLabel}</Button>
        </DialogClose>
        <Button
          type="submit"
          disabled={missing.length > 0 || isSubmitting}
          aria-describedby={missing.length > 0 ? missingId : undefined}
        >
          {isSubmitting ? <Spinner className="size-4" /> : null}
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
