// One error vocabulary: services throw AppError with a code, the error handler maps codes to statuses.
export type ErrorCode = 'unauthenticated' | 'forbidden' | 'not_found' | 'invalid' | 'conflict' | 'too_many';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  invalid: 422,
  conflict: 409,
  too_many: 429,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string[]>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new AppError('unauthenticated', 'Unauthenticated.');
export const accessDenied = () => new AppError('forbidden', 'Access denied');
export const notFound = (what = 'Record') => new AppError('not_found', `${what} not found.`);

/**
 * A 422 for one field, with the message both at the top and under the field, as the original client's screens read it.
 */
export const invalidField = (field: string, message: string) =>
  new AppError('invalid', message, { [field]: [message] });
