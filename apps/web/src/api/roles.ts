import { API } from 'virtual:contract-addresses';
import { useLookup } from './lists.ts';
import { useCall, useCallWrite } from './queries.ts';

// Roles beyond the list and form kits: every role by name (the users' selects) and a role's permission keys.

/** Every role by name, for the user form's and the users filter's select. */
export const useRoleOptions = () => useLookup(API.profile.roles);

/** The permission keys assigned to a role (none listed for the Administrator role: it holds them all). */
export const useAssignedMenus = (id: string | undefined) => useCall(API.role.assignedMenus, { params: { id } });

/** Replaces a role's keys; its holders' menus follow (the session's keys are asked again). */
export const useAssignMenus = () => useCallWrite(API.role.assignMenus, ['role', 'session']);
