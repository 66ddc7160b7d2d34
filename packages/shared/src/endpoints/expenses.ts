// The expenses calls' contracts.

export const expensesEndpoints = {};
