import { zodResolver } from '@hookform/resolvers/zod';
import { alertMonthlyCallsSchema, type Licence } from '@portal/contract/licence';
import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-errors';
import { cn } from '@/lib/cn';
import { formatCalls } from '@/lib/numbers';
import { useSetAlertThreshold } from '../api/set-alert-threshold';

/** Digits grouped by points or spaces as people write them (10.000, 10 000) count as one number. */
const ungroup = (text: string): string => {
  const trimmed = text.trim();
  return /^\d{1,3}([.\s]\d{3})+$/.test(trimmed) ? trimmed.replace(/[.\s]/g, '') : trimmed;
};

// Messages are translation keys. The contract's schema decides; this only names the problem.
const schema = z.object({
  threshold: z.string().superRefine((text, context) => {
    const parsed = alertMonthlyCallsSchema.safeParse(ungroup(text));
    if (parsed.success) return;
    const tooBig = parsed.error.issues.some((issue) => issue.code === 'too_big');
    context.addIssue({ code: 'custom', message: tooBig ? 'alertTooLarge' : 'alertInvalid' });
  }),
});
type Values = z.infer<typeof schema>;

/**
 * The usage alert: this month's calls against the threshold, and the threshold itself (empty
 * for none). The server mails the owner and editors once a month when it is reached.
 */
export function UsageAlertCard({ licence }: { licence: Licence }) {
  const { t } = useTranslation('Licence');
  const id = useId();
  const save = useSetAlertThreshold();
  const { monthlyCalls, callsThisMonth } = licence.alert;
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    values: { threshold: monthlyCalls === null ? '' : String(monthlyCalls) },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ threshold }) => {
    const parsed = alertMonthlyCallsSchema.parse(ungroup(threshold));
    try {
      await save.mutateAsync({ id: licence.id, alertMonthlyCalls: parsed });
      toast.success(t(parsed === null ? 'alertRemoved' : 'alertSaved'));
    } catch (error) {
      console.error(error);
      const invalid = isApiError(error, 'validation');
      if (invalid) form.setError('threshold', { message: 'alertInvalid' });
      else form.setError('root', { message: 'alertSaveFailed' });
    }
  });

  const share = monthlyCalls ? Math.min(1, callsThisMonth / monthlyCalls) : 0;
  const reached = monthlyCalls !== null && callsThisMonth >= monthlyCalls;
  const fieldError = errors.threshold?.message;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-border bg-card p-5 shadow-xs"
    >
      <div className="flex items-start gap-3">
        <BellRing aria-hidden="true" className="mt-1 size-5 shrink-0 text-muted-foreground" />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {t('alertTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('alertText')}</p>
        </div>
      </div>

      <div className="mt-4 flex flex-col gap-2">
        <p className="text-sm font-medium tabular-nums" data-testid="alert-usage">
          {monthlyCalls === null
            ? t('alertUsageNone', { calls: formatCalls(callsThisMonth) })
            : t('alertUsage', { calls: formatCalls(callsThisMonth), limit: formatCalls(monthlyCalls) })}
        </p>
        {monthlyCalls !== null ? (
          // The sentence above says the same in words.
          <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-muted">
            <div
              className={cn('h-full rounded-full', reached ? 'bg-amber-500 dark:bg-amber-400' : 'bg-primary')}
              style={{ width: `${Math.round(share * 100)}%` }}
            />
          </div>
        ) : null}
      </div>

      <form noValidate onSubmit={(event) => void submit(event)} className="mt-5 flex flex-col gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="sm:w-72">
            <Field
              label={t('alertLabel')}
              hint={t('alertHint')}
              error={fieldError ? t(fieldError as 'alertInvalid' | 'alertTooLarge') : undefined}
            >
              <Input
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                {...form.register('threshold')}
              />
            </Field>
          </div>
          <Button type="submit" variant="outline" disabled={isSubmitting} className="sm:mt-[1.625rem]">
            {isSubmitting ? <Spinner className="size-4" /> : null}
            {t('save')}
          </Button>
        </div>
        {errors.root?.message ? <FormAlert>{t('alertSaveFailed')}</FormAlert> : null}
      </form>
    </section>
  );
}
