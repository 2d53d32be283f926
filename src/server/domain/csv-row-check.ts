import type { z } from 'zod';
import { fileProblem } from './csv-file';

/**
 * A row mapped to a request body, checked with that request's own schema (the same rules as the
 * JSON operation): the first problem is refused naming the row's line and the column it came from.
 */
export function checkRow<S extends z.ZodType>(schema: S, body: unknown, line: number, columnOf: (path: PropertyKey[]) => string | undefined): z.output<S> {
  const checked = schema.safeParse(body);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  throw fileProblem(issue.message, line, columnOf(issue.path) ?? String(issue.path[0] ?? ''));
}
