// The reports calls' contracts.

export const reportsEndpoints = {};
