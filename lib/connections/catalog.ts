/**
 * The connection types' names, titles and icons (spec 001 §3.2), apart from their fields (definitions.ts): what the
 * list shows on its first load without the form definitions, and what definitions.ts spreads into each type.
 */

export interface ConnectionTypeInfo {
  /** The `type` stored on the row. */
  value: string;
  title: string;
  /** A lucide icon name (kebab-case); components/connections/connection-type-icon.tsx draws it. */
  icon: string;
  /** Marked in the picker: a target for notifications (spec 001 §3.2). */
  notification?: boolean;
  /** Not offered in the picker (jmeter), but still edited when stored. */
  hidden?: boolean;
}

export const CONNECTION_TYPE_INFO: readonly ConnectionTypeInfo[] = [
  { value: 'anthropic', title: 'Anthropic', icon: 'sparkles' },
  { value: 'openai', title: 'OpenAI', icon: 'bot' },
  { value: 'ollama', title: 'Ollama', icon: 'brain-circuit' },
  { value: 'aws', title: 'AWS', icon: 'cloud' },
  { value: 's3', title: 'AWS S3', icon: 'archive' },
  { value: 'azure', title: 'Azure', icon: 'cloud-cog' },
  { value: 'azure_devops', title: 'Azure Devops', icon: 'workflow' },
  { value: 'discord', title: 'Discord', icon: 'messages-square', notification: true },
  { value: 'dynatrace', title: 'Dynatrace', icon: 'activity' },
  { value: 'elasticsearch', title: 'Elasticsearch', icon: 'search' },
  { value: 'email', title: 'Email', icon: 'mail', notification: true },
  { value: 'google_cloud', title: 'Google Cloud', icon: 'cloudy' },
  { value: 'generic_webhook', title: 'Generic Webhook', icon: 'webhook', notification: true },
  { value: 'git', title: 'Git', icon: 'git-branch' },
  { value: 'github', title: 'GitHub', icon: 'git-pull-request' },
  { value: 'google_chat', title: 'Google Chat', icon: 'message-circle', notification: true },
  { value: 'http', title: 'HTTP', icon: 'globe' },
  { value: 'ifttt', title: 'IFTTT', icon: 'zap', notification: true },
  { value: 'jmeter', title: 'JMeter', icon: 'gauge', hidden: true },
  { value: 'kubernetes', title: 'Kubernetes', icon: 'ship' },
  { value: 'ldap', title: 'LDAP', icon: 'users' },
  { value: 'matrix', title: 'Matrix', icon: 'grid-3x3', notification: true },
  { value: 'mattermost', title: 'Mattermost', icon: 'message-square-text', notification: true },
  { value: 'mongo', title: 'Mongo', icon: 'leaf' },
  { value: 'mysql', title: 'MySQL', icon: 'database' },
  { value: 'ntfy', title: 'Ntfy', icon: 'bell-ring', notification: true },
  { value: 'opsgenie', title: 'OpsGenie', icon: 'siren', notification: true },
  { value: 'postgres', title: 'Postgres', icon: 'database' },
  { value: 'prometheus', title: 'Prometheus', icon: 'flame' },
  { value: 'pushbullet', title: 'Pushbullet', icon: 'bell-dot', notification: true },
  { value: 'pushover', title: 'Pushover', icon: 'smartphone', notification: true },
  { value: 'redis', title: 'Redis', icon: 'database-zap' },
  { value: 'restic', title: 'Restic', icon: 'archive-restore' },
  { value: 'rocketchat', title: 'Rocketchat', icon: 'rocket', notification: true },
  { value: 'sftp', title: 'SFTP', icon: 'folder-sync' },
  { value: 'slack', title: 'Slack', icon: 'hash', notification: true },
  { value: 'smb', title: 'SMB', icon: 'network' },
  { value: 'sql_server', title: 'SQL Server', icon: 'server' },
  { value: 'teams', title: 'Teams', icon: 'users-round', notification: true },
  { value: 'telegram', title: 'Telegram', icon: 'send', notification: true },
  { value: 'windows', title: 'Windows', icon: 'monitor' },
  { value: 'zulip_chat', title: 'Zulip Chat', icon: 'message-square-quote', notification: true },
  { value: 'folder', title: 'Folder', icon: 'folder' },
  { value: 'gcs', title: 'Google Cloud Storage', icon: 'hard-drive' },
  { value: 'gitlab', title: 'Gitlab', icon: 'git-merge' },
];

const BY_VALUE = new Map(CONNECTION_TYPE_INFO.map((info) => [info.value, info]));

/** The name, title and icon of a stored `type`; undefined for a type the console does not know. */
export function connectionTypeInfo(type: string | null | undefined): ConnectionTypeInfo | undefined {
  return type ? BY_VALUE.get(type) : undefined;
}

/** For definitions.ts: a type's name, title and icon (a typo in a type name fails at load, not silently). */
export function typeInfo(value: string): ConnectionTypeInfo {
  const info = BY_VALUE.get(value);
  if (!info) throw new Error(`Unknown connection type: ${value}`);
  return info;
}

/** A type's display name (the stored value for an unknown type). */
export function connectionTypeTitle(type: string | null | undefined): string {
  return connectionTypeInfo(type)?.title ?? type ?? '';
}
