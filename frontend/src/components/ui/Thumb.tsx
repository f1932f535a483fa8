/* eslint-disable @next/next/no-img-element -- uploaded pictures come from the API's media path, not from next/image's optimiser */
export function Thumb({ src, alt, size = 40 }: { src: string; alt: string; size?: number }) {
  if (!src) {
    return (
      <span style={{ width: size, height: size }} className="inline-flex shrink-0 items-center justify-center rounded border border-dashed border-slate-300 bg-slate-50 text-slate-300" aria-hidden="true">
        <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path strokeLinecap="round" strokeLinejoin="round" d="m2.25 15.75 5.16-5.16a2.25 2.25 0 0 1 3.18 0l5.16 5.16m-1.5-1.5 1.41-1.41a2.25 2.25 0 0 1 3.18 0l2.91 2.91M3.75 19.5h16.5a1.5 1.5 0 0 0 1.5-1.5V6a1.5 1.5 0 0 0-1.5-1.5H3.75A1.5 1.5 0 0 0 2.25 6v12a1.5 1.5 0 0 0 1.5 1.5Z" />
        </svg>
      </span>
    );
  }
  return <img src={src} alt={alt} width={size} height={size} style={{ width: size, height: size }} className="shrink-0 rounded border border-slate-200 object-cover" />;
}
