/** A push-pin drawn inline: no icon font or emoji font is needed on the shop's machine. */
export function PinIcon({ size = 16 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M9 4h6l-1 6 4 4H6l4-4z" strokeLinejoin="round" />
      <path d="M12 14v7" strokeLinecap="round" />
    </svg>
  );
}
