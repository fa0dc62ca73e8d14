import { useCompany } from "../shared/company.tsx";

/**
 * The company's logo (from the company file). Decorative: where it links, the link is named by
 * the company's name beside it.
 */
export function Logo({ className = "size-11" }: { className?: string }) {
  const { logo } = useCompany();
  return <img src={logo} alt="" width={48} height={48} className={`${className} object-contain`} />;
}
