// The suppliers calls' contracts.

export const suppliersEndpoints = {};
