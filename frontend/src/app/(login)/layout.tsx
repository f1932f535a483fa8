import type { ReactNode } from 'react';
import { LoginFrame } from '@/features/auth/components/LoginFrame';

/** The login layout: /main/login and /main/rolePicker. */
export default function LoginLayout({ children }: { children: ReactNode }) {
  return <LoginFrame>{children}</LoginFrame>;
}
