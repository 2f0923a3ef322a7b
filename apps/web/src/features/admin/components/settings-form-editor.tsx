import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '@/hooks/use-translation';
import { ADMIN_SERVICE_LIMITS } from '@portal/contract/admin-service';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { MoveButtons } from './move-buttons';
import { serviceFieldError, type ServiceFormValues } from './service-form-schema';

const L = ADMIN_SERVICE_LIMITS;
type Form = UseFormReturn<ServiceFormValues>;

/** A fresh id for a section or field: letters and digits, unique among its siblings. */
function nextId(prefix: string, taken: readonly string[]): string {
  let n = taken.length + 1;
  while (taken.includes(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/**
 * The settings form a licence shows its customer: sections, each with text or textarea fields,
 * labelled in both languages. No sections means the service has no settings.
 */
export function SettingsFormEditor({ form }: { form: Form }) {
  const { t } = useTranslation('AdminServices');
  const sections = useFieldArray({ control: form.control, name: 'settingsForm' });
  const errors = form.formState.errors.settingsForm;
  return (
    <div className="flex flex-col gap-4">
      {sections.fields.length === 0 ? <p className="text-sm text-muted-foreground">{t('settingsNone')}</p> : null}
      {typeof errors?.root?.message === 'string' || typeof errors?.message === 'string' ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t('settingsIdsUnique')}
        </p>
      ) : null}
      <ol className="flex flex-col gap-4">
        {sections.fields.map((section, index) => (
          <li key={section.id} className="rounded-xl border border-border p-4">
            <fieldset className="flex flex-col gap-4">
              <legend className="sr-only">{t('sectionNumber', { number: index + 1 })}</legend>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold" aria-hidden="true">
                  {t('sectionNumber', { number: index + 1 })}
                </h3>
                <div className="flex gap-2">
                  <MoveButtons
                    index={index}
                    count={sections.fields.length}
                    upLabel={t('sectionUp', { number: index + 1 })}
                    downLabel={t('sectionDown', { number: index + 1 })}
                    onMove={(position) => sections.move(index, position)}
                  />
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label={t('sectionRemove', { number: index + 1 })}
                    onClick={() => sections.remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <SectionFields form={form} index={index} />
            </fieldset>
          </li>
        ))}
      </ol>
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={sections.fields.length >= L.sections}
          onClick={() =>
            sections.append({
              id: nextId(
                'section',
                form.getValues('settingsForm').map((s) => s.id),
              ),
              label: { de: '', en: '' },
              fields: [],
            })
          }
        >
          <Plus aria-hidden="true" />
          {t('sectionAdd')}
        </Button>
      </div>
    </div>
  );
}

function SectionFields({ form, index }: { form: Form; index: number }) {
  const { t } = useTranslation('AdminServices');
  const { t: tAdmin } = useTranslation('Admin');
  const fields = useFieldArray({ control: form.control, name: `settingsForm.${index}.fields` });
  const errors: FieldErrors<ServiceFormValues>['settingsForm'] = form.formState.errors.settingsForm;
  const sectionErrors = errors?.[index];
  const error = (e: { type?: string | number; message?: string } | undefined) => serviceFieldError(tAdmin, e);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t('sectionId')} hint={t('idHint')} error={error(sectionErrors?.id)}>
          <Input autoComplete="off" maxLength={64} {...form.register(`settingsForm.${index}.id`)} />
        </Field>
        <Field label={t('sectionLabelDe')} error={error(sectionErrors?.label?.de)}>
          <Input maxLength={L.sectionLabel} {...form.register(`settingsForm.${index}.label.de`)} />
        </Field>
        <Field label={t('sectionLabelEn')} error={error(sectionErrors?.label?.en)}>
          <Input maxLength={L.sectionLabel} {...form.register(`settingsForm.${index}.label.en`)} />
        </Field>
      </div>
      <ol className="flex flex-col gap-3">
        {fields.fields.map((field, fieldIndex) => {
          const fieldErrors = sectionErrors?.fields?.[fieldIndex];
          const number = fieldIndex + 1;
          return (
            <li key={field.id} className="grid gap-3 rounded-lg bg-muted/50 p-3 sm:grid-cols-[1fr_1fr_1fr_10rem_auto] sm:items-end">
              <Field label={t('fieldId', { number })} error={error(fieldErrors?.id)}>
                <Input autoComplete="off" maxLength={64} {...form.register(`settingsForm.${index}.fields.${fieldIndex}.id`)} />
              </Field>
              <Field label={t('fieldNameDe', { number })} error={error(fieldErrors?.name?.de)}>
                <Input maxLength={L.fieldName} {...form.register(`settingsForm.${index}.fields.${fieldIndex}.name.de`)} />
              </Field>
              <Field label={t('fieldNameEn', { number })} error={error(fieldErrors?.name?.en)}>
                <Input maxLength={L.fieldName} {...form.register(`settingsForm.${index}.fields.${fieldIndex}.name.en`)} />
              </Field>
              <Field label={t('fieldType', { number })}>
                <NativeSelect {...form.register(`settingsForm.${index}.fields.${fieldIndex}.fieldType`)}>
                  <option value="text">{t('fieldTypeText')}</option>
                  <option value="textarea">{t('fieldTypeTextarea')}</option>
                </NativeSelect>
              </Field>
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label={t('fieldRemove', { number })}
                onClick={() => fields.remove(fieldIndex)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
      <div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={fields.fields.length >= L.fieldsPerSection}
          onClick={() =>
            fields.append({
              id: nextId(
                'field',
                form.getValues(`settingsForm.${index}.fields`).map((f) => f.id),
              ),
              name: { de: '', en: '' },
              fieldType: 'text',
            })
          }
        >
          <Plus aria-hidden="true" />
          {t('fieldAdd')}
        </Button>
      </div>
    </>
  );
}
