import type { z } from 'zod';
import { AppError } from './errors.ts';

/** Validates input against a schema where the route cannot (the schema depends on who calls); 422 as usual. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || 'body';
    errors[field] ??= [];
    errors[field].push(issue.message);
  }
  throw new AppError('invalid', Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
}
