// The products calls' contracts.

export const productsEndpoints = {};
