import { publishableKeyFor, type StandInOrganization, type StandInUser } from './server';

/**
 * The Clerk-mode e2e environment (playwright.config.ts, main.ts and the specs share it): the console, the Clerk
 * stand-in (Backend API, JWKS, recording gateways to the organizations' backends, test control API) and one
 * embedded backend per organization that has one, each with its own demo data.
 */
const consolePort = Number(process.env.E2E_CLERK_PORT ?? 3316);
const standInPort = Number(process.env.E2E_CLERK_STAND_IN_PORT ?? 3320);
const standIn = `http://127.0.0.1:${standInPort}`;

/** The instance's Frontend API host (a .test name never resolves: the browser cannot reach a real Clerk). */
const frontendApiHost = 'clerk.ops-console.test';

export const CLERK_E2E_ORGS = {
  /** Own backend, `direct: true`: the console asks Clerk for the `Backend` JWT template token. */
  acme: 'org_e2e_acme',
  /** Own backend, `direct: "false"`: the console sends the session token. */
  bolt: 'org_e2e_bolt',
  /** No backend_url yet. */
  pending: 'org_e2e_pending',
  /** Its backend answers whoami with 500. */
  broken: 'org_e2e_broken',
  /** Points at acme's backend, which serves another organization: whoami 401. */
  stray: 'org_e2e_stray',
  /** `direct: "yes"`, not a boolean. */
  badflag: 'org_e2e_badflag',
} as const;

export const CLERK_E2E = {
  consolePort,
  consoleUrl: `http://localhost:${consolePort}`,
  standInPort,
  standInUrl: standIn,
  frontendApiHost,
  publishableKey: publishableKeyFor(frontendApiHost),
  secretKey: 'sk_test_ops_console_e2e_stand_in_000000000000',
  /** The organizations' own backends (`npm run backend` with CLERK_JWKS_URL and CLERK_ORG_ID), by demo name prefix. */
  backends: {
    acme: { port: Number(process.env.E2E_CLERK_ACME_PORT ?? 3321), orgId: CLERK_E2E_ORGS.acme },
    bolt: { port: Number(process.env.E2E_CLERK_BOLT_PORT ?? 3322), orgId: CLERK_E2E_ORGS.bolt },
  },
  /** The stand-in's gateway in front of a backend: what backend_url names, recording what the console sends. */
  gatewayUrl: (name: string) => `${standIn}/backends/${name}`,
  jwksUrl: `${standIn}/.well-known/jwks.json`,
  users: { both: 'user_e2e_both', none: 'user_e2e_none' },
} as const;

const org = (
  id: string,
  name: string,
  slug: string,
  publicMetadata: Record<string, unknown>,
): StandInOrganization => ({ id, name, slug, publicMetadata });

export const CLERK_E2E_ORGANIZATIONS: StandInOrganization[] = [
  org(CLERK_E2E_ORGS.acme, 'Acme', 'acme', { backend_url: CLERK_E2E.gatewayUrl('acme'), direct: true }),
  org(CLERK_E2E_ORGS.bolt, 'Bolt', 'bolt', { backend_url: CLERK_E2E.gatewayUrl('bolt'), direct: 'false' }),
  org(CLERK_E2E_ORGS.pending, 'Pending', 'pending', {}),
  org(CLERK_E2E_ORGS.broken, 'Broken', 'broken', { backend_url: CLERK_E2E.gatewayUrl('broken') }),
  org(CLERK_E2E_ORGS.stray, 'Stray', 'stray', { backend_url: CLERK_E2E.gatewayUrl('acme') }),
  org(CLERK_E2E_ORGS.badflag, 'Bad flag', 'badflag', {
    backend_url: CLERK_E2E.gatewayUrl('bolt'),
    direct: 'yes',
  }),
];

export const CLERK_E2E_USERS: StandInUser[] = [
  {
    id: CLERK_E2E.users.both,
    firstName: 'Casey',
    lastName: 'Both',
    email: 'casey@example.test',
    memberships: {
      [CLERK_E2E_ORGS.acme]: 'org:admin',
      [CLERK_E2E_ORGS.bolt]: 'org:member',
      [CLERK_E2E_ORGS.pending]: 'org:member',
      [CLERK_E2E_ORGS.broken]: 'org:member',
      [CLERK_E2E_ORGS.stray]: 'org:member',
      [CLERK_E2E_ORGS.badflag]: 'org:member',
    },
  },
  {
    id: CLERK_E2E.users.none,
    firstName: 'Noor',
    lastName: 'None',
    email: 'noor@example.test',
    memberships: {},
  },
];

/** What a gateway saw (GET /__test/received): which organization's token reached which backend. */
export interface ReceivedRequest {
  backend: string;
  method: string;
  path: string;
  orgId: string | null;
  userId: string | null;
  /** The request carried a Cookie header (the console never forwards the browser's cookies). */
  cookie: boolean;
}
