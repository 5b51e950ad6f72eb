import { readdirSync, readFileSync } from 'node:fs';

/** utime + stime of a process and all its descendants in ms (Linux /proc; 0 elsewhere). */
export function cpuMs(pid: number | undefined): number {
  if (!pid || process.platform !== 'linux') return 0;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which may contain spaces: state ppid … utime(14) stime(15).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  let ticks = 0;
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.pop() as number;
    ticks += stats.get(current)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === current) queue.push(child);
  }
  // USER_HZ is 100 on every Linux the console targets.
  return ticks * 10;
}
