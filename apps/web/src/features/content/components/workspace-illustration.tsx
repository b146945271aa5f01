/** The home hero's picture: an office floor seen from above, cubicle pods with desks and chairs. */
export function WorkspaceIllustration({ className }: { className?: string }) {
  const pods = [
    [40, 40],
    [200, 40],
    [40, 190],
    [200, 190],
  ] as const;
  return (
    <svg
      viewBox="0 0 400 360"
      className={className}
      role="img"
      aria-labelledby="workspace-illustration-title"
    >
      <title id="workspace-illustration-title">Floor plan of an office with four cubicle pods</title>
      <rect x="0" y="0" width="400" height="360" rx="28" className="fill-navy-900" />
      <g className="stroke-navy-800" strokeWidth="1">
        {Array.from({ length: 9 }, (_, i) => (
          <line key={`v${i}`} x1={40 * (i + 1)} y1="0" x2={40 * (i + 1)} y2="360" />
        ))}
        {Array.from({ length: 8 }, (_, i) => (
          <line key={`h${i}`} x1="0" y1={40 * (i + 1)} x2="400" y2={40 * (i + 1)} />
        ))}
      </g>
      {pods.map(([x, y], i) => (
        <g key={i} transform={`translate(${x} ${y})`}>
          <rect width="150" height="130" rx="10" className="fill-navy-800" />
          <path
            d="M8 8h134M8 8v114M75 8v58M8 66h134"
            className="stroke-copper-400"
            strokeWidth="6"
            strokeLinecap="round"
            fill="none"
          />
          <rect x="16" y="16" width="50" height="22" rx="4" className="fill-navy-100" />
          <rect x="84" y="16" width="50" height="22" rx="4" className="fill-navy-100" />
          <rect x="16" y="74" width="50" height="22" rx="4" className="fill-navy-100" />
          <rect x="84" y="74" width="50" height="22" rx="4" className="fill-navy-100" />
          <circle cx="41" cy="50" r="8" className="fill-copper-300" />
          <circle cx="109" cy="50" r="8" className="fill-copper-300" />
          <circle cx="41" cy="108" r="8" className="fill-copper-300" />
          <circle cx="109" cy="108" r="8" className="fill-copper-300" />
        </g>
      ))}
      <rect x="360" y="150" width="12" height="60" rx="4" className="fill-copper-500" />
    </svg>
  );
}
