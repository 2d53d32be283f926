import { z } from 'zod';

/** The API log's filters as the form and the page's address hold them (empty: not filtered). */
export const logFiltersSchema = z.object({
  status: z.enum(['', '2xx', '4xx', '5xx']),
  /** Whose requests: the project's own systems (the default), this dashboard's, or both. */
  origin: z.enum(['api', 'dashboard', 'all']),
  path: z.string().trim().max(500, 'At most 500 characters'),
  customer: z.string().trim().max(200, 'At most 200 characters'),
  card: z.string().trim().max(200, 'At most 200 characters'),
  /** A `datetime-local` value, in the browser's time zone. */
  since: z.string().refine((value) => value === '' || !Number.isNaN(new Date(value).getTime()), 'Enter a date and time'),
});
export type LogFilters = z.infer<typeof logFiltersSchema>;

export const noFilters: LogFilters = { status: '', origin: 'api', path: '', customer: '', card: '', since: '' };
const filterNames = Object.keys(noFilters) as (keyof LogFilters)[];

/** The filters in the page's address (`?status=4xx&customer=…`); anything unreadable or absent is its default. */
export function filtersFromSearch(search: URLSearchParams): LogFilters {
  const raw = Object.fromEntries(filterNames.map((name) => [name, search.get(name) ?? noFilters[name]]));
  const parsed = logFiltersSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  return Object.fromEntries(filterNames.map((name) => [name, logFiltersSchema.shape[name].safeParse(raw[name]).data ?? noFilters[name]])) as LogFilters;
}

/** The address's query for the filters that differ from their default. */
export function searchOfFilters(filters: LogFilters): URLSearchParams {
  return new URLSearchParams(filterNames.filter((name) => filters[name] !== noFilters[name]).map((name) => [name, filters[name]]));
}

export const originChoices: { value: LogFilters['origin']; label: string }[] = [
  { value: 'api', label: 'Your shop and apps' },
  { value: 'dashboard', label: 'This dashboard' },
  { value: 'all', label: 'Anyone' },
];

export const statusChoices: { value: LogFilters['status']; label: string }[] = [
  { value: '', label: 'Any result' },
  { value: '2xx', label: 'Succeeded' },
  { value: '4xx', label: 'Refused' },
  { value: '5xx', label: 'Failed on our side' },
];

/** A result in words, with its code for whoever reads it to a developer. */
export function resultWords(status: number): { label: string; color: 'success' | 'warning' | 'error' | 'default' } {
  if (status >= 200 && status < 300) return { label: `Succeeded (${status})`, color: 'success' };
  if (status === 404) return { label: `Not found (${status})`, color: 'warning' };
  if (status === 401 || status === 403) return { label: `Not allowed (${status})`, color: 'warning' };
  if (status === 429) return { label: `Too many requests (${status})`, color: 'warning' };
  if (status >= 400 && status < 500) return { label: `Refused (${status})`, color: 'warning' };
  if (status >= 500) return { label: `Failed (${status})`, color: 'error' };
  return { label: String(status), color: 'default' };
}

/** What a request did, in words: the method as a verb beside its path. */
export function actionWords(method: string): string {
  return ({ GET: 'Read', POST: 'Sent', PUT: 'Changed', PATCH: 'Changed', DELETE: 'Deleted' } as Record<string, string>)[method] ?? method;
}

/** A kept body as text to show: JSON laid out, a cut body as it was kept. */
export function bodyText(body: unknown, truncated: boolean): string {
  if (body === null || body === undefined) return '';
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  return truncated ? `${text}\n… (cut: the log keeps the first 8,192 characters)` : text;
}
