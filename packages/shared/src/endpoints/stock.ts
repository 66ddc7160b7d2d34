// The stock calls' contracts.

export const stockEndpoints = {};
