import { agentRoutes } from './agent';
import { artifactRoutes } from './artifacts';
import { authRoutes } from './auth';
import { canaryRoutes } from './canary';
import { catalogRoutes } from './catalog';
import { connectionRoutes } from './connection';
import { eventRoutes } from './events';
import { healthRoutes } from './health';
import { kubeconfigRoutes } from './kubeconfig';
import { logsRoutes } from './logs';
import { notificationRoutes } from './notification';
import { peopleRoutes } from './people';
import { snapshotRoutes } from './snapshot';
import { playbookRoutes } from './playbook';
import { propertiesRoutes } from './properties';
import { savedViewRoutes } from './saved-views';
import { schemaRoutes } from './schemas';
import { searchRoutes } from './search';
import { statusPageRoutes } from './status-page';
import type { Route } from './types';

/** Every native (non-/db) route; each area keeps its own file and list. */
export const NATIVE_ROUTES: readonly Route[] = [
  ...healthRoutes,
  ...authRoutes,
  ...propertiesRoutes,
  ...canaryRoutes,
  ...kubeconfigRoutes,
  ...snapshotRoutes,
  ...catalogRoutes,
  ...searchRoutes,
  ...playbookRoutes,
  ...notificationRoutes,
  ...agentRoutes,
  ...connectionRoutes,
  ...logsRoutes,
  ...peopleRoutes,
  ...artifactRoutes,
  ...schemaRoutes,
  ...eventRoutes,
  ...statusPageRoutes,
  ...savedViewRoutes,
];

export type { Route, AuthedContext, PublicContext, BackendServices } from './types';
