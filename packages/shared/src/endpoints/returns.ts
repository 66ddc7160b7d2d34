// The returns calls' contracts.

export const returnsEndpoints = {};
