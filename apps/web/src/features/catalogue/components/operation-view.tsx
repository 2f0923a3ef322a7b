import { lazy, Suspense, useState } from 'react';
import { LazyBoundary } from '@/components/lazy-boundary';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/hooks/use-hydrated';
import { useTranslation } from '@/hooks/use-translation';
import { cn } from '@/lib/cn';
import { exampleRequest } from '../utils/code-samples';
import { jsonMedia, type MediaView, type OperationView as Operation } from '../utils/openapi-view';
import { CodeSamples } from './code-samples';
import { Markdown } from './markdown';
import { SchemaView } from './schema-view';
import type { TryItTarget } from './try-it-panel';

// The try-it panel is loaded only when someone opens one (docs/performance.md#first-load-javascript).
const TryItPanel = lazy(() => import('./try-it-panel').then((m) => ({ default: m.TryItPanel })));

const methodColours: Record<string, string> = {
  GET: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  POST: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  PUT: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  PATCH: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  DELETE: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span className={cn('inline-flex min-w-14 justify-center rounded-md px-2 py-0.5 font-mono text-xs font-bold', methodColours[method] ?? 'bg-muted')}>
      {method}
    </span>
  );
}

function Example({ value }: { value: unknown }) {
  const { t } = useTranslation('ApiReference');
  if (value === undefined) return null;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs font-medium text-muted-foreground">{t('example')}</p>
      <pre tabIndex={0} className="max-h-72 overflow-auto rounded-lg bg-muted p-3 font-mono text-xs leading-relaxed focus-visible:outline-2 focus-visible:outline-ring">
        {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

function MediaBlock({ media }: { media: MediaView | undefined }) {
  if (!media) return null;
  return (
    <div className="flex flex-col gap-2">
      <p className="font-mono text-xs text-muted-foreground">{media.contentType}</p>
      {media.schema ? <SchemaView schema={media.schema} /> : null}
      <Example value={media.example} />
    </div>
  );
}

/**
 * One operation: method, path, summary, description, where the key goes, parameters, request
 * body and answers with their schemas and examples, code samples, and the try-it panel.
 */
export function OperationView({ operation, target }: { operation: Operation; target: TryItTarget }) {
  const { t } = useTranslation('ApiReference');
  const hydrated = useHydrated();
  const [trying, setTrying] = useState(false);
  const headingId = `${operation.anchor}-title`;
  return (
    <section id={operation.anchor} aria-labelledby={headingId} data-operation={operation.anchor} className="scroll-mt-24 flex flex-col gap-5 border-t border-border pt-8">
      <header className="flex flex-col gap-2">
        <h3 id={headingId} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-lg font-semibold">
          <MethodBadge method={operation.method} />
          <code className="font-mono text-base break-all">{operation.path}</code>
        </h3>
        {operation.summary ? <p className="font-medium">{operation.summary}</p> : null}
        {operation.deprecated ? <p className="text-sm font-medium text-amber-800 dark:text-amber-300">{t('deprecated')}</p> : null}
        <Markdown text={operation.description} className="text-muted-foreground" />
        {operation.key ? (
          <p className="text-sm text-muted-foreground">
            {operation.key.in === 'bearer'
              ? t('keyInBearer')
              : t('keyIn', { place: t(`place_${operation.key.in}`), name: operation.key.name })}
          </p>
        ) : null}
      </header>

      <div className="grid gap-6 xl:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-5">
          {operation.parameters.length > 0 ? (
            <div className="flex flex-col gap-2">
              <h4 className="text-sm font-semibold">{t('parameters')}</h4>
              <ul className="flex flex-col divide-y divide-border rounded-lg border border-border text-sm">
                {operation.parameters.map((parameter) => (
                  <li key={`${parameter.in}-${parameter.name}`} className="flex flex-col gap-1 px-3 py-2">
                    <span className="flex flex-wrap items-baseline gap-x-2">
                      <code className="font-mono font-semibold">{parameter.name}</code>
                      <span className="text-xs text-muted-foreground">{t(`place_${parameter.in}`)}</span>
                      {typeof parameter.schema?.type === 'string' ? <span className="font-mono text-xs text-muted-foreground">{parameter.schema.type}</span> : null}
                      {parameter.required ? <span className="text-xs font-medium text-red-700 dark:text-red-400">{t('required')}</span> : null}
                    </span>
                    <Markdown text={parameter.description} className="text-muted-foreground" />
                    {parameter.example !== undefined ? (
                      <span className="text-xs text-muted-foreground">
                        {t('example')}: <code className="font-mono">{JSON.stringify(parameter.example)}</code>
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {operation.body ? (
            <div className="flex flex-col gap-2">
              <h4 className="text-sm font-semibold">
                {t('requestBody')} {operation.body.required ? <span className="text-xs font-medium text-red-700 dark:text-red-400">{t('required')}</span> : null}
              </h4>
              <Markdown text={operation.body.description} className="text-muted-foreground" />
              <MediaBlock media={jsonMedia(operation.body.media)} />
            </div>
          ) : null}
          <div className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold">{t('responses')}</h4>
            <ul className="flex flex-col gap-2">
              {operation.responses.map((response) => (
                <li key={response.status}>
                  <details open={/^2/.test(response.status)} className="rounded-lg border border-border">
                    <summary className="cursor-pointer px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring">
                      <span className="font-mono font-semibold">{response.status}</span> {response.description}
                    </summary>
                    {response.media.length > 0 ? (
                      <div className="border-t border-border p-3">
                        <MediaBlock media={jsonMedia(response.media)} />
                      </div>
                    ) : null}
                  </details>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <CodeSamples
            request={exampleRequest(operation, target.baseUrl, target.key)}
            operation={`${operation.method} ${operation.path}`}
          />
          {trying ? (
            <LazyBoundary onError={() => setTrying(false)}>
              <Suspense fallback={<p className="text-sm text-muted-foreground">{t('tryLoading')}</p>}>
                <TryItPanel operation={operation} target={target} onClose={() => setTrying(false)} />
              </Suspense>
            </LazyBoundary>
          ) : (
            <Button variant="outline" disabled={!hydrated} onClick={() => setTrying(true)} className="self-start">
              {t('tryIt')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
