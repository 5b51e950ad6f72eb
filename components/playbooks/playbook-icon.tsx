import {
  Archive,
  Bell,
  BookOpenCheck,
  Boxes,
  Cpu,
  Database,
  DollarSign,
  GitPullRequest,
  GitBranch,
  KeyRound,
  Megaphone,
  Scaling,
  ServerOff,
  Sparkles,
  Stethoscope,
  Trash2,
  Workflow,
  type IconNode,
} from 'lucide';
import { StaticIcon } from '@/components/ui/static-icon';
import { cn } from '@/lib/utils';

const ICONS: Record<string, IconNode> = {
  kubernetes: Boxes,
  'git-pull-request': GitPullRequest,
  stethoscope: Stethoscope,
  database: Database,
  megaphone: Megaphone,
  github: GitBranch,
  'azure-devops': Workflow,
  bell: Bell,
  sparkles: Sparkles,
  'key-round': KeyRound,
  'trash-2': Trash2,
  cpu: Cpu,
  'server-off': ServerOff,
  'dollar-sign': DollarSign,
  scaling: Scaling,
  archive: Archive,
};

/** A playbook's icon by name; unknown names get the playbooks icon. Drawn from lucide's data, so it ships no icon code. */
export function PlaybookIcon({ icon, className }: { icon: string | null | undefined; className?: string }) {
  return (
    <StaticIcon
      icon={ICONS[(icon ?? '').toLowerCase()] ?? BookOpenCheck}
      className={cn('size-4 shrink-0', className)}
    />
  );
}
