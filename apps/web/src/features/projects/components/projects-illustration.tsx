/**
 * The picture of the empty project list: two stacked project cards
 * and a plus, drawn inline in the theme's colours, so it needs no request and follows dark mode.
 */
export function ProjectsIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 200 140" aria-hidden="true" className={className} fill="none">
      <ellipse cx="100" cy="128" rx="74" ry="8" className="fill-muted" />
      <rect
        x="44"
        y="22"
        width="104"
        height="76"
        rx="10"
        className="fill-muted stroke-border"
        strokeWidth="2"
      />
      <rect
        x="30"
        y="34"
        width="112"
        height="84"
        rx="12"
        className="fill-card stroke-border"
        strokeWidth="2"
      />
      <rect x="44" y="50" width="28" height="28" rx="7" className="fill-primary/15" />
      <path d="M52 64h12M58 58v12" className="stroke-primary" strokeWidth="3" strokeLinecap="round" />
      <rect x="80" y="52" width="48" height="7" rx="3.5" className="fill-muted-hover" />
      <rect x="80" y="66" width="34" height="6" rx="3" className="fill-muted" />
      <rect x="44" y="92" width="22" height="10" rx="5" className="fill-primary/20" />
      <rect x="70" y="92" width="22" height="10" rx="5" className="fill-muted" />
      <circle cx="150" cy="100" r="20" className="fill-primary" />
      <path
        d="M150 91v18M141 100h18"
        className="stroke-primary-foreground"
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <circle cx="168" cy="34" r="4" className="fill-primary/30" />
      <circle cx="24" cy="70" r="3" className="fill-primary/25" />
      <path
        d="M176 58l4 4m0-4l-4 4"
        className="stroke-muted-foreground/40"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
