/**
 * The contracts' addresses (vite.config.ts, contractAddresses), typed as the contracts they come from so that a call
 * infers its input and answer alike. At run time they hold each endpoint's method, path, access, resource and status
 * (and a file answer's type), never a schema: validate with the schemas themselves.
 */
declare module 'virtual:contract-addresses' {
  export {
    API,
    authEndpoints,
    dashboardEndpoints,
    pathOf,
    queryStringOf,
    settingsEndpoints,
  } from '@duka/shared';
}
