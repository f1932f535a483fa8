import type { ReactNode } from 'react';
import { SecurityShell } from '@/components/layout/SecurityShell';
import { fixturesEnabled } from '@/lib/serverSide';

/** The security layout: every page except the login ones. */
export default function SecurityLayout({ children }: { children: ReactNode }) {
  return <SecurityShell fixturesEnabled={fixturesEnabled()}>{children}</SecurityShell>;
}
