/** The access feature's UI that other features may embed. */
export { LazyPermissionsList, LazyTeamMembers } from './lazy';
