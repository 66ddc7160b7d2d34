// The sales calls' contracts.

export const salesEndpoints = {};
