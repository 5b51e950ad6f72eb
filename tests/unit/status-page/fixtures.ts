import type { PublicStatusPage } from '@/lib/status-page/public-model';

/** A public page as the backend answers it, with texts that must be escaped. */
export function samplePage(overrides: Partial<PublicStatusPage> = {}): PublicStatusPage {
  return {
    page: { name: 'Acme <Shop>', slug: 'acme', logo_text: 'A&S', description: 'Payments & "checkout"' },
    generated_at: '2026-12-06T11:39:00.000Z',
    status: 'degraded',
    uptime_window: { from: '2026-09-08', to: '2026-12-06', days: 90 },
    sections: [
      {
        name: 'Core',
        entries: [
          {
            name: 'Checkout',
            status: 'operational',
            uptime: {
              percent: 99.5,
              days: [
                { date: '2026-12-05', state: 'degraded', percent: 97 },
                { date: '2026-12-06', state: 'operational', percent: 100 },
              ],
            },
          },
          { name: 'Search <beta>', status: 'degraded' },
        ],
      },
      { name: '', entries: [{ name: 'Website probes' }] },
    ],
    incidents: {
      active: [
        {
          key: 'b642152babc1d5360bbb0123456789ab',
          title: 'Checkout errors <script>alert(1)</script>',
          status: 'identified',
          started_at: '2026-12-06T10:00:00.000Z',
          updated_at: '2026-12-06T11:00:00.000Z',
          resolved_at: null,
          affects: ['Checkout'],
          updates: [
            { status: 'identified', body: 'We found the cause & fix it.', at: '2026-12-06T11:00:00.000Z' },
          ],
        },
      ],
      history: [],
    },
    ...overrides,
  };
}
