import type { ReactNode } from 'react';
import { instrumentGroups } from './instrument-groups';
import type { InstrumentGroupName } from './instrument-groups';

// Line drawings on a 24-unit grid, stroked in the text's colour: no icon font or emoji font needed.
const shapes: Record<InstrumentGroupName | 'other', ReactNode> = {
  Drums: (
    <>
      <ellipse cx="12" cy="11" rx="8" ry="3" />
      <path d="M4 11v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6M9 9 5 3M15 9l4-6" />
    </>
  ),
  Bass: (
    <>
      <path d="M4 9a6 6 0 0 1 12 0c0 6-6 10-12 12" />
      <circle cx="4.5" cy="9" r="1.5" />
      <circle cx="20" cy="7" r="1" />
      <circle cx="20" cy="12" r="1" />
    </>
  ),
  Guitar: (
    <>
      <path d="M11 10a4.5 4.5 0 1 0 3 3l-3-3Z" />
      <path d="m13 11 8-8M18 3l3 3" />
      <circle cx="9.5" cy="14.5" r="1" />
    </>
  ),
  Keys: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="1.5" />
      <path d="M8 19v-6M12 19v-6M16 19v-6M7 5v8h2V5M15 5v8h2V5" />
    </>
  ),
  Vocals: (
    <>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M6 11a6 6 0 0 0 12 0M12 17v4M9 21h6" />
    </>
  ),
  FX: <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8ZM18 16l.8 2.2L21 19l-2.2.8L18 22l-.8-2.2L15 19l2.2-.8Z" />,
  other: (
    <>
      <path d="M9 18V5l11-2v13" />
      <circle cx="6.5" cy="18" r="2.5" />
      <circle cx="17.5" cy="16" r="2.5" />
    </>
  ),
};

/** The mixer strip's instrument icon (spec 000 section 3); a group named after its own stem gets a note. */
export function InstrumentIcon({ group, className }: { group: string; className?: string }) {
  const shape = (instrumentGroups as readonly string[]).includes(group) ? shapes[group as InstrumentGroupName] : shapes.other;
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-instrument={shape === shapes.other ? 'other' : group}
    >
      {shape}
    </svg>
  );
}
