import { createRequire } from 'node:module';
import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import type { Config } from '../config.js';
import { serializeReply } from './request-log.js';

// Logs are shipped and read by people who must not see secrets. Whatever a log line might carry
// that opens an account or a licence is replaced by "[redacted]": credentials in headers,
// session and ingest tokens, passwords and licence keys in objects, and such values in query
// strings. See docs/operations.md#logs.

const SECRET_KEYS = ['password', 'passwordActual', 'token', 'licenceKey', 'authorization', 'cookie'];

// The key itself and one level down (log.info({ headers }) or log.info({ body })).
const REDACT_PATHS = SECRET_KEYS.flatMap((key) => [key, `*.${key}`]);

const SECRET_QUERY_NAME = /token|password|secret|key|licen[cs]e/i;

/** The URL with the values of secret-looking query parameters replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return SECRET_QUERY_NAME.test(decodeURIComponent(name.replace(/\+/g, ' ')))
        ? `${name}=[redacted]`
        : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}

/** What a request log line says about the request: enough to trace it, no header values. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    userAgent: request.headers['user-agent'],
  };
}

/** pino-pretty is a development tool; without it (production install) the logs stay JSON. */
function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** Log lines waiting for standard output, at most; past it lines are dropped, not memory taken. */
const LOG_BACKLOG_BYTES = 16 * 1024 * 1024;

/**
 * Where the server's JSON lines go: standard output through pino's asynchronous destination,
 * which collects lines while a write is in flight and writes them together, instead of one
 * blocking write per line on the request's path. What is still buffered is written when the
 * process exits (pino flushes on exit; main.ts flushes after a clean shutdown too). Should
 * standard output stop taking lines (a stuck log shipper), the backlog stays bounded: lines past
 * it are dropped and counted on standard error, at most once per 10 s.
 */
export function logDestination() {
  const destination = pino.destination({ dest: 1, sync: false, maxLength: LOG_BACKLOG_BYTES });
  let dropped = 0;
  destination.on('drop', () => {
    dropped += 1;
    if (dropped > 1) return;
    setTimeout(() => {
      process.stderr.write(`log: ${dropped} lines dropped, standard output did not keep up\n`);
      dropped = 0;
    }, 10_000).unref();
  });
  return destination;
}

/**
 * Options of the server's logger: JSON lines (to `destination`, standard output by default) in
 * production and tests, readable lines in development.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'environment'>,
  destination?: pino.DestinationStream,
) {
  const pretty = config.environment === 'development' && prettyAvailable();
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: serializeRequest, res: serializeReply },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : destination
        ? { stream: destination }
        : {}),
  };
}
