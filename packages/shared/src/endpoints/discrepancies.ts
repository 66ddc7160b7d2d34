// The discrepancies calls' contracts.

export const discrepanciesEndpoints = {};
