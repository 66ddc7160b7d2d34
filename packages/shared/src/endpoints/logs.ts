// The logs calls' contracts.

export const logsEndpoints = {};
