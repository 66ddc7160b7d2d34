// The backups calls' contracts.

export const backupsEndpoints = {};
