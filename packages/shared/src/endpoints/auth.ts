// The auth calls' contracts.

export const authEndpoints = {};
