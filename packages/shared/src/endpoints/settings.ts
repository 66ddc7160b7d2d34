// The settings calls' contracts.

export const settingsEndpoints = {};
