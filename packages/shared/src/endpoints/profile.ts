// The profile calls' contracts.

export const profileEndpoints = {};
