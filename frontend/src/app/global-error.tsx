'use client';

import { isChunkLoadError } from '@/lib/chunkError';

// Replaces the root layout, so the message catalogues are not available: both languages are shown.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const chunk = isChunkLoadError(error);
  return (
    <html lang="zh-CN">
      <body style={{ fontFamily: 'system-ui, sans-serif', display: 'flex', minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
        <div role="alert" style={{ textAlign: 'center', maxWidth: 420, padding: 24 }}>
          <h1 style={{ fontSize: 18 }}>{chunk ? '页面加载失败 / The page failed to load' : '页面出错了 / Something went wrong'}</h1>
          <p style={{ color: '#475569', fontSize: 14 }}>请重新加载页面。 / Please reload the page.</p>
          <button type="button" onClick={() => window.location.reload()} style={{ padding: '8px 16px', borderRadius: 6, background: '#1d64db', color: '#fff', border: 0 }}>
            重新加载 / Reload
          </button>
        </div>
      </body>
    </html>
  );
}
