// Apart from the form texts (messages.ts): the toast helpers on every page's first load need only these.

/** Success toasts of spec 001 §8; `created` follows the same pattern for the create forms the spec leaves unnamed. */
export const successMessages = {
  created: (name: string) => `${name} created successfully`,
  updated: (name: string) => `${name} updated successfully`,
  deleted: (name: string) => `${name} deleted successfully`,
  removedFromTeam: (name: string) => `${name} removed from team successfully`,
  addedToTeam: (names: readonly string[]) => `${names.join(', ')} added to the team successfully`,
  permissionAdded: () => 'Permission added',
  permissionUpdated: () => 'Permission updated',
  permissionDeleted: () => 'Permission deleted',
} as const;
