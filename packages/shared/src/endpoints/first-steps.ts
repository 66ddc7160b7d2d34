// The first steps calls' contracts.

export const firstStepsEndpoints = {};
