// The categories calls' contracts.

export const categoriesEndpoints = {};
