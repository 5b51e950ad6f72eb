/** Where Clerk's organization switcher and list land after switching or creating an organization. */
export const ORGS_SWITCHED_URL = '/organizations/orgs-switched';
