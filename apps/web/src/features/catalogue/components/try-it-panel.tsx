import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from '@/components/link';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useSession } from '@/hooks/use-session';
import { useTranslation } from '@/hooks/use-translation';
import { licenceQueryOptions } from '@/resources/licences';
import { projectsQueryOptions } from '@/resources/projects';
import { jsonMedia, type OperationView } from '../utils/openapi-view';

// The try-it panel of an operation (docs/domain.md#api-reference), loaded when someone opens
// it: the parameters and body prefilled from the examples, a target (the portal's example
// answers or a server the document lists; the browser calls it directly, the portal forwards
// nothing), the key (the demo key, or a licence of the signed-in customer picked by project),
// and the answer with status, headers, body and time.

export interface TryItTarget {
  serviceId: string;
  /** Where the code samples point (the document's first server, or the example answers). */
  baseUrl: string;
  /** The key the samples carry: the chosen licence's, else a placeholder. */
  key: string;
  /** The chosen licence key, if any. */
  chosenKey: string | undefined;
  setChosenKey: (key: string | undefined) => void;
  mockBase: string;
  servers: string[];
  demoKey: string;
  /** Where a visitor adds the service to a project. */
  servicePath: string;
}

interface Answer {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  body: string;
  ms: number;
}

const pretty = (text: string): string => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

const initialValue = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The signed-in customer's licences of this service, by project; picking one sets the key. */
function LicencePicker({ target }: { target: TryItTarget }) {
  const { t } = useTranslation('ApiReference');
  const session = useSession();
  // Only with a session: signed out, the call would answer 401 and end the visit on '/'.
  const projects = useQuery({ ...projectsQueryOptions(session?.oid ?? ''), enabled: session !== null });
  const [licenceId, setLicenceId] = useState('');
  const licence = useQuery({ ...licenceQueryOptions(licenceId), enabled: licenceId !== '' });
  const chosen = licence.data?.licenceKey;
  const { setChosenKey } = target;
  useEffect(() => {
    if (chosen) setChosenKey(chosen);
  }, [chosen, setChosenKey]);

  if (!session) {
    return (
      <p className="text-sm text-muted-foreground">
        {t('tryVisitor')} <Link to={target.servicePath} className="font-medium text-primary underline underline-offset-4">{t('addToProject')}</Link>
      </p>
    );
  }
  const options = (projects.data ?? []).flatMap((project) =>
    project.licences
      .filter((l) => l.service.id === target.serviceId)
      .map((l) => ({ id: l.id, label: `${project.name}${l.online ? '' : ` (${t('offline')})`}` })),
  );
  if (projects.isPending) return <p className="text-sm text-muted-foreground">{t('tryLoading')}</p>;
  if (options.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {t('tryNoLicence')} <Link to={target.servicePath} className="font-medium text-primary underline underline-offset-4">{t('addToProject')}</Link>
      </p>
    );
  }
  return (
    <Field label={t('tryLicence')} hint={t('tryLicenceHint')}>
      <NativeSelect
        value={licenceId}
        onChange={(event) => {
          setLicenceId(event.target.value);
          if (event.target.value === '') target.setChosenKey(undefined);
        }}
      >
        <option value="">{t('tryDemoKey')}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

export function TryItPanel({
  operation,
  target,
  onClose,
}: {
  operation: OperationView;
  target: TryItTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation('ApiReference');
  const id = useId();
  const editable = operation.parameters.filter((p) => p.in !== 'cookie');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(editable.map((p) => [`${p.in}:${p.name}`, initialValue(p.example)])),
  );
  const media = operation.body ? jsonMedia(operation.body.media) : undefined;
  const [body, setBody] = useState(() => (media ? JSON.stringify(media.example ?? {}, null, 2) : ''));
  const [base, setBase] = useState(target.mockBase);
  const [answer, setAnswer] = useState<Answer | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const key = target.chosenKey ?? target.demoKey;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    let path = operation.path;
    const query = new URLSearchParams();
    const headers = new Headers();
    for (const parameter of editable) {
      const value = values[`${parameter.in}:${parameter.name}`] ?? '';
      if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
      else if (value === '') continue;
      else if (parameter.in === 'query') query.set(parameter.name, value);
      else headers.set(parameter.name, value);
    }
    const placement = operation.key ?? { in: 'header' as const, name: 'X-Api-Key' };
    if (placement.in === 'query') query.set(placement.name, key);
    else if (placement.in === 'bearer') headers.set('Authorization', `Bearer ${key}`);
    else if (placement.in === 'header') headers.set(placement.name, key);
    if (media && body.trim() !== '') headers.set('Content-Type', media.contentType);
    const search = query.toString();
    const url = `${base}${path}${search ? `?${search}` : ''}`;
    setSending(true);
    setFailure(undefined);
    const started = performance.now();
    try {
      const response = await fetch(url, {
        method: operation.method,
        headers,
        ...(media && body.trim() !== '' && operation.method !== 'GET' ? { body } : {}),
        // Our own answers need nothing of the visitor's session; other servers get no cookies.
        credentials: 'omit',
      });
      const text = await response.text();
      setAnswer({
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers.entries()],
        body: pretty(text),
        ms: Math.round(performance.now() - started),
      });
    } catch {
      setAnswer(undefined);
      setFailure(t('tryFailed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void send(event)} aria-labelledby={`${id}-title`} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4">
      <div className="flex items-center justify-between gap-2">
        <h4 id={`${id}-title`} className="font-semibold">
          {t('tryTitle')}
        </h4>
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>
          {t('tryClose')}
        </Button>
      </div>
      <Field label={t('tryTarget')}>
        <NativeSelect value={base} onChange={(event) => setBase(event.target.value)}>
          <option value={target.mockBase}>{t('tryMock')}</option>
          {target.servers.map((server) => (
            <option key={server} value={server}>
              {server}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <LicencePicker target={target} />
      <p className="text-xs text-muted-foreground">
        {target.chosenKey ? t('tryKeyChosen') : t('tryKeyDemo')} <code className="font-mono break-all">{key}</code>
      </p>
      {editable.map((parameter) => {
        const name = `${parameter.in}:${parameter.name}`;
        return (
          <Field key={name} label={`${parameter.name} (${t(`place_${parameter.in}`)})${parameter.required ? ' *' : ''}`}>
            <Input value={values[name] ?? ''} onChange={(event) => setValues({ ...values, [name]: event.target.value })} />
          </Field>
        );
      })}
      {media ? (
        <Field label={t('requestBody')}>
          <Textarea rows={8} spellCheck={false} className="font-mono text-xs" value={body} onChange={(event) => setBody(event.target.value)} />
        </Field>
      ) : null}
      <Button type="submit" disabled={sending} className="self-start">
        {sending ? t('trySending') : t('trySend')}
      </Button>
      {failure ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      ) : null}
      {answer ? (
        <section aria-label={t('tryAnswer')} aria-live="polite" className="flex flex-col gap-2">
          <p className="text-sm">
            <span className="font-semibold" data-testid="try-status">
              {answer.status}
            </span>{' '}
            {answer.statusText} · {t('tryTime', { ms: answer.ms })}
          </p>
          <details>
            <summary className="cursor-pointer text-sm">{t('tryHeaders')}</summary>
            <pre className="mt-1 overflow-auto rounded-lg bg-muted p-3 font-mono text-xs">
              {answer.headers.map(([name, value]) => `${name}: ${value}`).join('\n')}
            </pre>
          </details>
          <pre tabIndex={0} data-testid="try-body" className="max-h-96 overflow-auto rounded-lg bg-slate-950 p-3 font-mono text-xs text-slate-100 focus-visible:outline-2 focus-visible:outline-ring">
            {answer.body}
          </pre>
        </section>
      ) : null}
    </form>
  );
}
