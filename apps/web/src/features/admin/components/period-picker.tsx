import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useLanguage } from '@/hooks/use-language';
import {
  localDay,
  monthLabel,
  monthOf,
  monthPeriod,
  rangeProblem,
  recentMonths,
  type RangeProblem,
  type ReportPeriod,
} from '../utils/report-period';

const CUSTOM = 'custom';

/**
 * The report's period: one of the last twelve months, or a custom range (from/to dates that
 * apply with a button, so half-typed dates never load a report).
 */
export function PeriodPicker({
  period,
  onChange,
}: {
  period: ReportPeriod;
  onChange: (period: ReportPeriod) => void;
}) {
  const { t } = useTranslation('Admin');
  const language = useLanguage();
  const id = useId();
  const months = useMemo(() => recentMonths(localDay()), []);
  const currentMonth = monthOf(period);
  const [customOpen, setCustomOpen] = useState(currentMonth === null || !months.includes(currentMonth));
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<RangeProblem | null>(null);

  const selected = customOpen || !currentMonth || !months.includes(currentMonth) ? CUSTOM : currentMonth;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(from, to);
    setProblem(found);
    if (!found) onChange({ from, to });
  };

  const problems: Record<RangeProblem, string> = {
    required: t('rangeRequired'),
    invalid: t('rangeInvalid'),
    order: t('rangeOrder'),
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
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
            setFrom(next.from);
            setTo(next.to);
            setProblem(null);
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
          onSubmit={apply}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          aria-describedby={problem ? `${id}-problem` : undefined}
        >
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-from`} className="text-sm font-medium">
              {t('from')}
            </label>
            <Input
              id={`${id}-from`}
              type="date"
              value={from}
              max={to || undefined}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => {
                setFrom(event.target.value);
                setProblem(null);
              }}
              className="sm:w-44"
            />
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-to`} className="text-sm font-medium">
              {t('to')}
            </label>
            <Input
              id={`${id}-to`}
              type="date"
              value={to}
              min={from || undefined}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => {
                setTo(event.target.value);
                setProblem(null);
              }}
              className="sm:w-44"
            />
          </div>
          <Button type="submit" variant="secondary">
            {t('apply')}
          </Button>
          {problem ? (
            <p
              id={`${id}-problem`}
              role="alert"
              className="text-sm text-red-700 sm:basis-full dark:text-red-400"
            >
              {problems[problem]}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
