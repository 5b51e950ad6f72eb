import type { LiveStatus } from '@/lib/live/machine';

/** The indicator's four words: live, reconnecting, polling (fallback), paused (switched off or in the background). */
export function liveLabel(status: LiveStatus): 'Live' | 'Reconnecting' | 'Polling' | 'Paused' {
  switch (status) {
    case 'live':
      return 'Live';
    case 'connecting':
    case 'reconnecting':
      return 'Reconnecting';
    case 'polling':
      return 'Polling';
    case 'hidden':
    case 'off':
      return 'Paused';
  }
}
