import { ScreenProviders } from '@/components/providers/screen-providers';

export default function ScreenLayout({ children }: { children: React.ReactNode }) {
  return <ScreenProviders>{children}</ScreenProviders>;
}
