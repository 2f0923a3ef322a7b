// Money is kept as integer euro cents. The API shows euros as numbers rounded to cents;
// formatting (€, separators) is the web app's job.

export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}
