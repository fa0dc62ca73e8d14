/**
 * Inline SVG icons (no icon font, no extra requests). Decorative unless given a `title`.
 * Icons that point along the line (ArrowNext, ChevronNext, ChevronPrevious) are mirrored in
 * right-to-left pages by their own `rtl:-scale-x-100`, so callers never flip them.
 */
import type { ReactNode, SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Outlined icons: 2 px strokes on a 24 grid. */
const outlined = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/**
 * An icon component drawing `shapes`: outlined, or `filled` (media controls and brand marks,
 * drawn a pixel larger); `mirrored` ones point along the line and are flipped in right-to-left
 * pages.
 */
function icon(shapes: ReactNode, { mirrored = false, filled = false } = {}) {
  return ({ size = filled ? 25 : 24, className = "", ...props }: IconProps) => (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      {...(filled ? { fill: "currentColor" } : outlined)}
      aria-hidden="true"
      focusable="false"
      className={mirrored ? `rtl:-scale-x-100 ${className}` : className || undefined}
      {...props}
    >
      {shapes}
    </svg>
  );
}

export const ChevronDown = icon(<path d="m6 9 6 6 6-6" />);

/** Points to the reading direction's "next"; flipped in RTL by the `rtl:` class. */
export const ArrowNext = icon(<path d="M5 12h14M13 6l6 6-6 6" />, { mirrored: true });

export const ChevronNext = icon(<path d="m9 6 6 6-6 6" />, { mirrored: true });

export const ChevronPrevious = icon(<path d="m15 6-6 6 6 6" />, { mirrored: true });

export const MenuIcon = icon(<path d="M4 6h16M4 12h16M4 18h16" />);

export const CloseIcon = icon(<path d="M6 6l12 12M18 6 6 18" />);

export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
);

export const DownloadIcon = icon(<path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" />);

export const PhoneIcon = icon(
  <path d="M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />,
);

/** A fax machine (a printer's shape): a fax line, beside the phone's handset. */
export const FaxIcon = icon(
  <>
    <path d="M7 9V3h10v6" />
    <rect x="3" y="9" width="18" height="8" rx="2" />
    <path d="M7 14h10v7H7z" />
  </>,
);

export const MailIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);

export const PinIcon = icon(
  <>
    <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11Z" />
    <circle cx="12" cy="10" r="2.5" />
  </>,
);

export const ClockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);

export const InfoIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </>,
);

export const FacebookIcon = icon(
  <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21h3.1Z" />,
  { filled: true },
);

export const YoutubeIcon = icon(
  <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3L10 15Z" />,
  { filled: true },
);

export const InstagramIcon = icon(
  <>
    {/* Even-odd: the frame's hole, the lens ring and its hole, the dot alternate filled. */}
    <path
      fillRule="evenodd"
      d="M7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2ZM7.6 3.9a3.7 3.7 0 0 0-3.7 3.7v8.8a3.7 3.7 0 0 0 3.7 3.7h8.8a3.7 3.7 0 0 0 3.7-3.7V7.6a3.7 3.7 0 0 0-3.7-3.7ZM12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 1.8a3.2 3.2 0 1 0 0 6.4 3.2 3.2 0 0 0 0-6.4Zm5.4-3.5a1.3 1.3 0 1 1 0 2.6 1.3 1.3 0 0 1 0-2.6Z"
    />
  </>,
  { filled: true },
);

export const XIcon = icon(
  <path d="M17.8 3h3.1l-6.8 7.7 8 10.3h-6.3l-4.9-6.3L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />,
  { filled: true },
);

export const PauseIcon = icon(
  <>
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </>,
  { filled: true },
);

/**
 * A media control, so never mirrored: playback symbols keep their orientation in right-to-left
 * interfaces (Apple's, Microsoft's and Material's bidirectional guidelines).
 */
export const PlayIcon = icon(<path d="M7 5v14l12-7z" />, { filled: true });

export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
