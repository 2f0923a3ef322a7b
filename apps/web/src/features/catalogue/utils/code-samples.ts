import { jsonMedia, type OperationView } from './openapi-view';

// Code samples of an operation (docs/domain.md#api-reference): the same request in curl,
// JavaScript (fetch), PHP (curl extension) and Python (requests), built from the operation and
// its examples, with the chosen key where the security scheme wants it.

export type SampleLanguage = 'curl' | 'javascript' | 'php' | 'python';
export const sampleLanguages: readonly SampleLanguage[] = ['curl', 'javascript', 'php', 'python'];

export interface SampleRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  /** JSON text of the body, or undefined. */
  body: string | undefined;
}

const exampleText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** The request the samples and the try-it panel start from: path and query filled with the examples. */
export function exampleRequest(operation: OperationView, baseUrl: string, key: string): SampleRequest {
  let path = operation.path;
  const query = new URLSearchParams();
  const headers: Array<[string, string]> = [];
  for (const parameter of operation.parameters) {
    const value = exampleText(parameter.example);
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value || parameter.name));
    else if (!parameter.required && value === '') continue;
    else if (parameter.in === 'query') query.set(parameter.name, value);
    else if (parameter.in === 'header') headers.push([parameter.name, value]);
  }
  const placement = operation.key;
  if (placement?.in === 'query') query.set(placement.name, key);
  else if (placement?.in === 'header') headers.push([placement.name, key]);
  else if (placement?.in === 'bearer') headers.push(['Authorization', `Bearer ${key}`]);
  else if (placement?.in === 'cookie') headers.push(['Cookie', `${placement.name}=${key}`]);
  const media = operation.body ? jsonMedia(operation.body.media) : undefined;
  const body = media ? JSON.stringify(media.example ?? {}, null, 2) : undefined;
  if (media) headers.push(['Content-Type', media.contentType]);
  const search = query.toString();
  return { method: operation.method, url: `${baseUrl}${path}${search ? `?${search}` : ''}`, headers, body };
}

const single = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;
const quoted = (value: string) => JSON.stringify(value);
const phpString = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
const indent = (text: string, by: string) => text.split('\n').join(`\n${by}`);

function curl(request: SampleRequest): string {
  const lines = [`curl -X ${request.method} ${single(request.url)}`];
  for (const [name, value] of request.headers) lines.push(`  -H ${single(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`  --data ${single(request.body)}`);
  return lines.join(' \\\n');
}

function javascript(request: SampleRequest): string {
  const headers = request.headers.map(([name, value]) => `    ${quoted(name)}: ${quoted(value)},`).join('\n');
  const options = [`  method: ${quoted(request.method)},`, `  headers: {\n${headers}\n  },`];
  if (request.body !== undefined) options.push(`  body: JSON.stringify(${indent(request.body, '  ')}),`);
  return [
    `const response = await fetch(${quoted(request.url)}, {`,
    ...options,
    '});',
    'const data = await response.json();',
    'console.log(response.status, data);',
  ].join('\n');
}

function php(request: SampleRequest): string {
  const headers = request.headers.map(([name, value]) => `    ${phpString(`${name}: ${value}`)},`).join('\n');
  const lines = [
    '<?php',
    `$curl = curl_init(${phpString(request.url)});`,
    'curl_setopt_array($curl, [',
    `  CURLOPT_CUSTOMREQUEST => ${phpString(request.method)},`,
    '  CURLOPT_RETURNTRANSFER => true,',
    `  CURLOPT_HTTPHEADER => [\n${headers}\n  ],`,
  ];
  if (request.body !== undefined) lines.push(`  CURLOPT_POSTFIELDS => ${phpString(request.body)},`);
  lines.push(
    ']);',
    '$body = curl_exec($curl);',
    '$status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);',
    'curl_close($curl);',
    'var_dump($status, json_decode($body, true));',
  );
  return lines.join('\n');
}

function python(request: SampleRequest): string {
  const headers = request.headers.map(([name, value]) => `    ${quoted(name)}: ${quoted(value)},`).join('\n');
  const lines = ['import json', 'import requests', '', `headers = {\n${headers}\n}`];
  const call = [`response = requests.request(`, `    ${quoted(request.method)},`, `    ${quoted(request.url)},`, '    headers=headers,'];
  if (request.body !== undefined) {
    // A JSON string literal is a Python string literal too.
    lines.push(`payload = json.loads(${quoted(request.body)})`);
    call.push('    json=payload,');
  }
  call.push('    timeout=10,', ')');
  lines.push('', ...call, 'print(response.status_code, response.json())');
  return lines.join('\n');
}

export function codeSample(language: SampleLanguage, request: SampleRequest): string {
  if (language === 'curl') return curl(request);
  if (language === 'javascript') return javascript(request);
  if (language === 'php') return php(request);
  return python(request);
}
