import type { z } from 'zod';
import { AppError } from './app-error';

/** How a 400 names what is wrong: `every` problem with its place (API callers), or the `first` message alone (forms). */
export type ProblemReport = 'every' | 'first';

/** Validate untrusted input with zod at the edge: the one place a zod failure becomes a 400 `invalid_request`. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown, where: string, report: ProblemReport = 'every'): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  if (report === 'first') throw new AppError(400, 'invalid_request', result.error.issues[0]?.message ?? 'The request is not valid.');
  const problems = result.error.issues.map((issue) => {
    const at = issue.path.length > 0 ? formatPath(issue.path) : where;
    return `${at}: ${issue.message}`;
  });
  throw new AppError(400, 'invalid_request', problems.join('; '));
}

/** The request's JSON body, validated (`{}` when the request had no body). */
export function parseBody<Schema extends z.ZodType>(ctx: { request: { body?: unknown } }, schema: Schema, report?: ProblemReport): z.infer<Schema> {
  return parseInput(schema, ctx.request.body ?? {}, 'body', report);
}

/** The query string, validated. Values are strings (or arrays of strings): coerce in the schema. */
export function parseQuery<Schema extends z.ZodType>(ctx: { query: unknown }, schema: Schema, report?: ProblemReport): z.infer<Schema> {
  return parseInput(schema, ctx.query, 'query', report);
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}
