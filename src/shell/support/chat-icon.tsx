import type { SVGProps } from 'react';

/** A speech bubble with three dots: customer service. */
export const ChatIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 24 24" width="1em" height="1em" fill="none" aria-hidden="true" {...p}>
    <path
      d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6c-.5.4-1.3.1-1.3-.6V16A2.5 2.5 0 0 1 4 13.5v-8Z"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
    <circle cx="8.5" cy="9.5" r="1.2" fill="currentColor" />
    <circle cx="12" cy="9.5" r="1.2" fill="currentColor" />
    <circle cx="15.5" cy="9.5" r="1.2" fill="currentColor" />
  </svg>
);
