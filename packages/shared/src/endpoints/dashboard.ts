// The dashboard calls' contracts.

export const dashboardEndpoints = {};
