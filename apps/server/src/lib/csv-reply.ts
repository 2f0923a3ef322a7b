import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the caller asks for the CSV form of an answer: `format=csv`, or `text/csv` in Accept. */
export const wantsCsv = (request: FastifyRequest<{ Querystring: { format?: string | undefined } }>): boolean =>
  request.query.format === 'csv' || (request.headers.accept ?? '').includes('text/csv');

/** Sends a CSV file instead of the route's JSON answer (bypassing its response schema). */
export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .serializer((payload: unknown) => payload as string)
    .send(csv);
}
