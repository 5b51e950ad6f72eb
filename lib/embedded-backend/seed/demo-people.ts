/** The six demo people of ARCHITECTURE §3: username = role name, email <role>@demo.local, password "demo". */
export const DEMO_ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

export const DEMO_PASSWORD = 'demo';

export function demoPersonName(role: DemoRole): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

export function demoPersonEmail(role: DemoRole): string {
  return `${role}@demo.local`;
}
