// The users calls' contracts.

export const usersEndpoints = {};
