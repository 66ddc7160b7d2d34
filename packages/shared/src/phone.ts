// A phone number as the shop keeps it: shared by the schemas (fields.ts) and the till's fields, which load no zod.

/**
 * A phone number in the local form the shop keeps: spaces and dashes dropped, the country code +256 or 256 replaced
 * by 0 ("+256 772 123 456" is 0772123456). Anything else is left for PHONE_PATTERN to judge.
 */
export const normalisePhone = (value: string) => {
  const compact = value.replace(/[\s-]/g, '');
  const international = /^\+?256(\d{9})$/.exec(compact);
  return international ? `0${international[1]}` : compact;
};
