// The measurements calls' contracts.

export const measurementsEndpoints = {};
