// The cashup calls' contracts.

export const cashupEndpoints = {};
