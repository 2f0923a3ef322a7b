import type { ReactNode, SVGProps } from 'react';

// The few icons of the first paint (top bar, hero, cards, footer, offline page), drawn inline.
// Why not lucide-react here: its runtime (createLucideIcon and helpers) costs about 2.5 KB gzip
// of the 130 KB first-load budget for /services. Lazy screens and dialogs use lucide-react.
// Drawings from Lucide (https://lucide.dev, ISC license); same attributes as lucide-react.

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function icon(children: ReactNode) {
  return function ShellIcon(props: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {children}
      </svg>
    );
  };
}

export const MenuIcon = icon(<path d="M4 5h16M4 12h16M4 19h16" />);

export const MoonIcon = icon(
  <path d="M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401" />,
);

export const SunIcon = icon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2m-7.07-17.07 1.41 1.41m11.32 11.32 1.41 1.41M2 12h2m16 0h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
  </>,
);

export const WifiOffIcon = icon(
  <path d="M12 20h.01M8.5 16.429a5 5 0 0 1 7 0M5 12.859a10 10 0 0 1 5.17-2.69M19 12.859a10 10 0 0 0-2.007-1.523M2 8.82a15 15 0 0 1 4.177-2.643M22 8.82a15 15 0 0 0-11.288-3.764M2 2l20 20" />,
);

export const MailIcon = icon(
  <>
    <path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7" />
    <rect x="2" y="4" width="20" height="16" rx="2" />
  </>,
);

export const ArrowDownIcon = icon(<path d="M12 5v14m7-7-7 7-7-7" />);

export const ArrowRightIcon = icon(<path d="M5 12h14m-7-7 7 7-7 7" />);

export const UserRoundIcon = icon(
  <>
    <circle cx="12" cy="8" r="5" />
    <path d="M20 21a8 8 0 0 0-16 0" />
  </>,
);

export const CheckIcon = icon(<path d="M20 6 9 17l-5-5" />);

export const SearchIcon = icon(
  <>
    <path d="m21 21-4.34-4.34" />
    <circle cx="11" cy="11" r="8" />
  </>,
);
