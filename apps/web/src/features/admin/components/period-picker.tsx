import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { useLanguage } from '@/hooks/use-language';
import {
  formatDate,
  monthLabel,
  monthOf,
  monthPeriod,
  parseDate,
  recentMonths,
  type Period,
} from '@/lib/days';
import { customRangeSchema, type CustomRange } from '../utils/report-period';
import { DateInput } from './date-input';

const CUSTOM = 'custom';

/** A period as the two date inputs show it. */
const dateFields = (period: Period): CustomRange => ({
  from: formatDate(period.from),
  to: formatDate(period.to),
});

const problemKeys = ['dateRequired', 'dateInvalid', 'rangeOrder'] as const;
type ProblemKey = (typeof problemKeys)[number];
const isProblemKey = (value: string | undefined): value is ProblemKey =>
  (problemKeys as readonly (string | undefined)[]).includes(value);

/**
 * The report's period: one of the last twelve months, or a custom range (from/to dates that
 * apply with a button, so half-typed dates never load a report). Dates are typed as DD.MM.YYYY
 * in both languages, as the app shows them everywhere: the browser's own date field would show
 * its own locale's format instead of the interface's.
 */
export function PeriodPicker({ period, onChange }: { period: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation('Admin');
  const language = useLanguage();
  const id = useId();
  const months = useMemo(() => recentMonths(), []);
  const currentMonth = monthOf(period);
  const [customOpen, setCustomOpen] = useState(currentMonth === null || !months.includes(currentMonth));
  const form = useForm<CustomRange>({
    resolver: zodResolver(customRangeSchema),
    defaultValues: dateFields(period),
  });
  const { errors } = form.formState;
  const problem = (message: string | undefined) => (isProblemKey(message) ? t(message) : undefined);

  const selected = customOpen || !currentMonth || !months.includes(currentMonth) ? CUSTOM : currentMonth;

  const apply = form.handleSubmit((values) => {
    const from = parseDate(values.from);
    const to = parseDate(values.to);
    if (from && to) onChange({ from, to });
  });

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-preset`} className="text-sm font-medium">
          {t('periodPicker')}
        </label>
        <NativeSelect
          id={`${id}-preset`}
          value={selected}
          className="sm:w-72"
          onChange={(event) => {
            const value = event.target.value;
            if (value === CUSTOM) {
              setCustomOpen(true);
              return;
            }
            setCustomOpen(false);
            const next = monthPeriod(value);
            form.reset(dateFields(next));
            onChange(next);
          }}
        >
          {months.map((month, index) => (
            <option key={month} value={month}>
              {index === 0
                ? t('currentMonth', { month: monthLabel(month, language) })
                : monthLabel(month, language)}
            </option>
          ))}
          <option value={CUSTOM}>{t('customRange')}</option>
        </NativeSelect>
      </div>
      {selected === CUSTOM ? (
        <form
          noValidate
          onSubmit={(event) => void apply(event)}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <div className="sm:w-44">
            <Field label={t('from')} hint={t('dateFormat')} error={problem(errors.from?.message)}>
              <DateInput {...form.register('from')} />
            </Field>
          </div>
          <div className="sm:w-44">
            <Field label={t('to')} hint={t('dateFormat')} error={problem(errors.to?.message)}>
              <DateInput {...form.register('to')} />
            </Field>
          </div>
          {/* Level with the fields: below their labels (text-sm line and the 6 px gap). */}
          <Button type="submit" variant="secondary" className="sm:mt-[1.625rem]">
            {t('apply')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
