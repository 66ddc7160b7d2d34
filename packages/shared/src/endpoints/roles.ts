// The roles calls' contracts.

export const rolesEndpoints = {};
