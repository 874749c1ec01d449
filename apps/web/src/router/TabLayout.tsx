import type { ReactNode } from 'react';
import { AppTabBar } from '../components/TabBar.tsx';

/** The two tab pages share the tab bar, which stays mounted while switching tabs. */
export function TabLayout({ children }: { children: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div style={{ flex: '1 1 auto', minHeight: 0 }}>
        {children}
      </div>
      <AppTabBar />
    </div>
  );
}
