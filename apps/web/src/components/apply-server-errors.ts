import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client.ts';

/** Puts a 422's first message for each field under that field; true when there was one. */
export function applyServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>): boolean {
  if (!(err instanceof ApiError) || err.status !== 422) return false;
  for (const [field, messages] of Object.entries(err.errors)) {
    if (messages[0]) setError(field as Path<T>, { type: 'server', message: messages[0] });
  }
  return Object.keys(err.errors).length > 0;
}
