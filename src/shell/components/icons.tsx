import type { ReactNode, SVGProps } from 'react';

/** Line icons drawn for Trevo (24×24, currentColor), decorative unless given a title by the caller. */

function Icon({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

type P = SVGProps<SVGSVGElement>;

export const HomeIcon = (p: P) => (
  <Icon {...p}>
    <path d="M3 11.5 12 4l9 7.5" />
    <path d="M5.5 10v9.5h5v-5h3v5h5V10" />
  </Icon>
);

export const GiftIcon = (p: P) => (
  <Icon {...p}>
    <rect x="3.5" y="8.5" width="17" height="4" rx="1" />
    <path d="M5 12.5v8h14v-8M12 8.5v12" />
    <path d="M12 8.5C10 4 6.5 5 7.5 7.3c.5 1 2.5 1.2 4.5 1.2Zm0 0c2-4.5 5.5-3.5 4.5-1.2-.5 1-2.5 1.2-4.5 1.2Z" />
  </Icon>
);

export const UserIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="12" cy="8.5" r="4" />
    <path d="M4.5 20.5c1-4 4-6 7.5-6s6.5 2 7.5 6" />
  </Icon>
);

export const CloseIcon = (p: P) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

export const BackIcon = (p: P) => (
  <Icon {...p}>
    <path d="M15 5 8 12l7 7" />
  </Icon>
);

export const RefreshIcon = (p: P) => (
  <Icon {...p}>
    <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3" />
    <path d="M19.5 4.5v4h-4" />
  </Icon>
);

export const EyeIcon = (p: P) => (
  <Icon {...p}>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

export const EyeOffIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 4l16 16" />
    <path d="M9.9 5.8A9.6 9.6 0 0 1 12 5.5c6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-3 3.7M6.4 7.4A16.5 16.5 0 0 0 2.5 12S6 18.5 12 18.5c1.6 0 3-.4 4.3-1" />
  </Icon>
);

export const WalletIcon = (p: P) => (
  <Icon {...p}>
    <rect x="3" y="6" width="18" height="13" rx="2.5" />
    <path d="M3 9.5h18M16 14h2" />
  </Icon>
);

export const ArrowUpIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 19V6M6.5 11.5 12 6l5.5 5.5" />
  </Icon>
);

export const ArrowDownIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 5v13M6.5 12.5 12 18l5.5-5.5" />
  </Icon>
);

export const CrownIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 17.5 3 7.5l5 4 4-6.5 4 6.5 5-4-1 10Z" />
    <path d="M4.5 20.5h15" />
  </Icon>
);

export const ListIcon = (p: P) => (
  <Icon {...p}>
    <path d="M9 6.5h11M9 12h11M9 17.5h11" />
    <circle cx="4.5" cy="6.5" r="1" />
    <circle cx="4.5" cy="12" r="1" />
    <circle cx="4.5" cy="17.5" r="1" />
  </Icon>
);

export const KeyIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="8" cy="14.5" r="4.5" />
    <path d="M11.2 11.3 20 2.5M16.5 6l2.5 2.5M14 8.5l2 2" />
  </Icon>
);

export const LogoutIcon = (p: P) => (
  <Icon {...p}>
    <path d="M14 4.5H6.5a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2H14" />
    <path d="M10.5 12H20.5M17 8.5l3.5 3.5-3.5 3.5" />
  </Icon>
);

export const ShieldIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 3 4.5 6v5.5c0 4.5 3.2 8 7.5 9.5 4.3-1.5 7.5-5 7.5-9.5V6Z" />
    <path d="m9 12 2.2 2.2L15.5 10" />
  </Icon>
);

export const DiceIcon = (p: P) => (
  <Icon {...p}>
    <rect x="4" y="4" width="16" height="16" rx="3.5" />
    <circle cx="9" cy="9" r="1" fill="currentColor" />
    <circle cx="15" cy="15" r="1" fill="currentColor" />
    <circle cx="15" cy="9" r="1" fill="currentColor" />
    <circle cx="9" cy="15" r="1" fill="currentColor" />
  </Icon>
);

export const SparkIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 3.5 13.8 10l6.7 2-6.7 2L12 20.5 10.2 14l-6.7-2 6.7-2Z" />
  </Icon>
);

export const PixIcon = (p: P) => (
  <Icon {...p}>
    <path d="M12 3.5 20.5 12 12 20.5 3.5 12Z" />
    <path d="M8 8.5c1.5 0 2.3.6 3 1.3l1 1c.6.6 1.4.6 2 0l1-1" />
    <path d="M8 15.5c1.5 0 2.3-.6 3-1.3l1-1c.6-.6 1.4-.6 2 0l1 1" />
  </Icon>
);

export const HelpIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M9.7 9.5a2.4 2.4 0 1 1 3.4 2.2c-.7.4-1.1.9-1.1 1.8M12 16.6v.1" />
  </Icon>
);

export const MegaphoneIcon = (p: P) => (
  <Icon {...p}>
    <path d="M4 10v4h3l7 4.5v-13L7 10Z" />
    <path d="M17.5 9.5a3.5 3.5 0 0 1 0 5" />
  </Icon>
);

export const BallIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="m12 7.5 3.3 2.4-1.3 3.9h-4l-1.3-3.9Z" />
    <path d="M12 3.5v4M15.3 9.9l4.5-1.4M14 13.8l2.6 3.9M10 13.8l-2.6 3.9M8.7 9.9 4.2 8.5" />
  </Icon>
);

/** Three lines: the side menu (settingPop). */
export const MenuIcon = (p: P) => (
  <Icon strokeWidth={2} {...p}>
    <path d="M4 7h16M4 12h16M4 17h10" />
  </Icon>
);

export const PaperPlaneIcon = (p: P) => (
  <Icon {...p}>
    <path d="M21 4 3 11l6 2.5M21 4l-4 16-8-6.5M21 4 9 13.5V19l3-3.2" />
  </Icon>
);

export const ShareIcon = (p: P) => (
  <Icon {...p}>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="m8.2 10.8 7.6-4.5M8.2 13.2l7.6 4.5" />
  </Icon>
);
