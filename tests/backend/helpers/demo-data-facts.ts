/**
 * What the demo data must contain, as the spec and the real backend name it, for the suites that check the seed
 * from different sides (SQL in core-schema, HTTP in the endpoint suites). Written out here rather than imported
 * from lib/embedded-backend/seed: a list derived from the seed would prove nothing about it.
 */

/** Every status of a notification send (notification_send_history.status). */
export const NOTIFICATION_SEND_STATUSES = [
  'sent',
  'error',
  'silenced',
  'repeat-interval',
  'inhibited',
  'pending',
  'skipped',
  'pending_playbook_run',
  'pending_playbook_completion',
  'evaluating-waitfor',
  'attempting_fallback',
];

/** Every status of a playbook run (playbook_runs.status). */
export const PLAYBOOK_RUN_STATUSES = [
  'completed',
  'failed',
  'running',
  'scheduled',
  'pending_approval',
  'sleeping',
  'waiting',
  'retrying',
  'cancelled',
  'timed_out',
];

/** The config types below a Kubernetes cluster (outgoing relationships, nine levels deep). */
export const CLUSTER_DOWNSTREAM_TYPES = [
  'Kubernetes::Namespace',
  'Kubernetes::Deployment',
  'Kubernetes::Pod',
  'Kubernetes::Node',
  'AWS::EC2::Instance',
  'AWS::EC2::SecurityGroup',
  'AWS::EC2::VPC',
  'AWS::::Account',
];
