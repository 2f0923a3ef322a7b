import type { Licence } from '@portal/contract/licence';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useLanguage } from '@/hooks/use-language';
import { localized } from '@/lib/localized';
import { useSaveLicenceSettings } from '../api/save-licence-settings';

/**
 * The licence's settings tab: sections of text and textarea fields, no client-side
 * validation, saved as one JSON string → 'Daten gespeichert'.
 */
export function LicenceSettingsForm({ licence }: { licence: Licence }) {
  const { t } = useTranslation(['Licence', 'Notifications', 'Error']);
  const language = useLanguage();
  const save = useSaveLicenceSettings();
  // Field ids may contain dots; react-hook-form would read those as paths, so values are kept
  // under a flat, index-based name and mapped back on submit.
  const fields = (licence.form ?? []).flatMap((section) => section.fields);
  const form = useForm<{ values: string[] }>({
    defaultValues: { values: fields.map((field) => licence.formdata[field.id] ?? '') },
  });

  const submit = form.handleSubmit(async ({ values }) => {
    const payload = Object.fromEntries(fields.map((field, index) => [field.id, values[index] ?? '']));
    try {
      await save.mutateAsync({ id: licence.id, values: payload });
      form.reset({ values });
      toast.success(t('dataSaved', { ns: 'Notifications' }));
    } catch (error) {
      console.error(error);
      toast.error(t('generic', { ns: 'Error' }));
    }
  });

  // Where each section's fields start in the flat list.
  const offsets = (licence.form ?? []).map((_, i, sections) =>
    sections.slice(0, i).reduce((sum, section) => sum + section.fields.length, 0),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      {(licence.form ?? []).map((section, sectionIndex) => (
        <fieldset key={section.id} className="rounded-xl border border-border bg-card p-5 shadow-xs">
          <legend className="float-left mb-4 w-full text-lg font-semibold">
            {localized(section.label, language)}
          </legend>
          <div className="clear-both grid gap-4">
            {section.fields.map((field, fieldIndex) => {
              const name = `values.${(offsets[sectionIndex] ?? 0) + fieldIndex}` as const;
              const label = localized(field.name, language);
              return (
                <Field key={field.id} label={label}>
                  {field.fieldType === 'textarea' ? (
                    <Textarea rows={4} spellCheck={false} {...form.register(name)} />
                  ) : (
                    <Input spellCheck={false} {...form.register(name)} />
                  )}
                </Field>
              );
            })}
          </div>
        </fieldset>
      ))}
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner className="size-4" /> : null}
          {t('save')}
        </Button>
      </div>
    </form>
  );
}
