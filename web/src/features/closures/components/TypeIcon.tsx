import type { ReactElement } from 'react';
import { typeStyle } from '../views';

// Drawn shapes rather than emoji: emoji fonts are missing on many council desktops (and in CI).
const SHAPES: Record<string, ReactElement> = {
  flood: <path d="M1 6c2-2 3-2 5 0s3 2 5 0 3-2 4 0M1 11c2-2 3-2 5 0s3 2 5 0 3-2 4 0" fill="none" strokeWidth="1.8" stroke="currentColor" strokeLinecap="round" />,
  roadworks: <path d="M8 1 3 14h10L8 1Zm-2.2 8h4.4M6.8 5.5h2.4M1 15h14" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />,
  crash: <path d="m8 1 1.6 4.2L14 4l-2.6 3.6L15 10l-4.4.4L11 15l-3-3.4L5 15l.4-4.6L1 10l3.6-2.4L2 4l4.4 1.2L8 1Z" fill="currentColor" />,
  hazard: <path d="M8 1.5 15 14H1L8 1.5Zm0 4.5v4m0 1.6v.8" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round" />,
  fire: <path d="M8 1c1 3 5 5 5 9a5 5 0 0 1-10 0c0-2 1-3 2-4 0 2 1 3 2 3 0-3-1-5 1-8Z" fill="currentColor" />,
  storm: <path d="M9 1 3 9h4l-1 6 6-8H8l1-6Z" fill="currentColor" />,
  event: <path d="M3 15V1.5m0 .5h9l-2 3 2 3H3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />,
  other: <><circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" /><path d="M4.5 8h7" stroke="currentColor" strokeWidth="2" /></>,
};

export function TypeIcon({ type, size = 14 }: { type: string; size?: number }) {
  const style = typeStyle(type);
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" focusable="false" style={{ color: style.colour, flex: 'none' }}>
      {SHAPES[type] ?? SHAPES.other}
    </svg>
  );
}
