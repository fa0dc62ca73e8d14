/** The company mark: a building frame forming an "A", in navy with a safety-amber beam. */
export function LogoMark({ className = "size-11" }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="10" fill="#0f2a44" />
      <path d="M10 38 22 10h4l12 28h-5.2L24 17.5 15.2 38Z" fill="#fff" />
      <path d="M16.5 29h15l1.7 4H14.8Z" fill="#f2a900" />
      <path d="M22 10h4v-3h-4Z" fill="#f2a900" />
    </svg>
  );
}
