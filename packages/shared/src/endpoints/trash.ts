// The trash calls' contracts.

export const trashEndpoints = {};
