const port = Number(process.env.E2E_PORT ?? 3100);

/** One origin per side/tenant; Chromium resolves *.localhost to 127.0.0.1. */
export const HOSTS = {
  admin: `http://admin.localhost:${port}`,
  demo: `http://demo.localhost:${port}`,
  acme: `http://acme.localhost:${port}`,
} as const;
export type HostName = keyof typeof HOSTS;

/** Demo accounts loaded by the backend's `load_demo`. */
export const PASSWORD = process.env.E2E_PASSWORD ?? 'Zulin@2026';
export const ACCOUNTS = {
  admin: { host: 'admin', username: 'admin', name: '平台管理员', role: '平台管理员' },
  demoOwner: { host: 'demo', username: 'owner', name: '演示店主', role: '商户管理员', merchant: '演示租赁商城' },
  acmeOwner: { host: 'acme', username: 'owner', name: 'Acme 店主', role: '商户管理员' },
  demoManager: { host: 'demo', username: 'manager', name: '审核兼财务', roles: ['审核员', '财务'] },
} as const;

/** Storage states written by auth.setup.ts. */
export const STORAGE = {
  admin: 'e2e/.auth/admin.json',
  demo: 'e2e/.auth/demo.json',
} as const;

/** Keys the app keeps sessions under (src/lib/session.ts). */
export const TOKEN_KEYS = { admin: 'zulin_admin_token', store: 'zulin_store_token' } as const;
export const ROLE_KEYS = { admin: 'zulin_admin_roles', store: 'zulin_store_roles' } as const;
