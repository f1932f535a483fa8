import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { fixturesEnabled } from '@/lib/serverSide';
import { FrameChild } from './FrameChild';

/** Browser-test fixture: a page meant to live in a frame; it asks its parent to navigate. */
export default function FrameChildFixturePage() {
  if (!fixturesEnabled()) notFound();
  return (
    <Suspense>
      <FrameChild />
    </Suspense>
  );
}
